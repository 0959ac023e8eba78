"""Card text for players: what a card does, in our own words, from the catalogue."""

from __future__ import annotations

from engine.ascension.cards import catalog
from engine.i18n import Msg, t


def card_text(card_id: str) -> Msg:
    """What the card does (Monsters: their reward), as a catalogue message."""
    if card_id not in catalog().cards:
        raise KeyError(card_id)
    return t("ascension-card-text", card=card_id)
