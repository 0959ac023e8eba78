"""Tests for Arbiter; mirrors the source tree."""
