"""Use cases: the service joining engine, storage, render and delivery."""

from pathlib import Path

from engine.i18n import catalogue

catalogue(Path(__file__).resolve().parent / "locales")  # app's messages: app/locales/<locale>/app.ftl
