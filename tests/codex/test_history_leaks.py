"""History read later never names a hidden card's copy label.

A Codex sentence tells two copies apart by their label ("Older Brother#2 attacks"). When that card later
goes back into a deck or a hand, the history (`/match history`), the board lines that waited in the outbox
and the forum export (`/codex export`) are read while it is hidden: they must name it without its copy
number. Random 2-player matches show the case within a few hundred moves.
"""

from __future__ import annotations

import random
from pathlib import Path

import engine
from app.summary import describe_entry
from bench.leaks import TokenSearch, forbidden, hidden_by_seat
from bench.tables import open_match, open_service, play_random, users_for
from cogs.codex.forum import forum_export
from engine.core import get_game
from engine.i18n import Text, english

SEEDS = (12, 7, 10, 1, 6, 8, 9, 14)
"""Seeds whose random matches (at the time of writing) name a card by its label and hide it again."""


def read(lines: list[Text]) -> str:
    """The history as an English reader reads it."""
    return "\n".join(english(line) for line in lines)


async def test_history_and_forum_export_forget_the_label_of_a_card_hidden_again(tmp_path: Path) -> None:
    engine.load_games()
    codex = get_game("codex")
    store, service = await open_service(tmp_path / "h.db")
    try:
        for table, seed in enumerate(SEEDS):
            users = users_for(table, 2)
            record = await open_match(service, codex, channel=700 + table, users=users, seed=seed)
            record = await play_random(service, codex, record, random.Random(seed))
            state = service.state_of(record)
            hidden = hidden_by_seat(codex, state, 2)
            search = TokenSearch(forbidden(hidden), codex.card_labels(state))
            entries = await store.log_entries(record.id)
            told = "\n".join(english(line) for e in entries for line in describe_entry(codex, record, e, None))
            named = search.in_text(told)
            if not named:
                continue  # this match never hid a card it had named by its copy
            # The events named these cards by their copies; every text read now names them without.
            assert not search.in_text(forum_export(record, entries)), "the forum export"
            assert not search.in_text(read(await service.story(record, None))), "the public history"
            for seat in (0, 1):
                own = TokenSearch(forbidden(hidden, {seat}), codex.card_labels(state))
                assert not own.in_text(read(await service.story(record, seat))), f"seat {seat}'s history"
            names = {label.split("#")[0] for label in named}
            assert any(name in forum_export(record, entries) for name in names), "the card is still named"
            return
        raise AssertionError("no seed named a card by its copy and hid it again: pick new SEEDS")
    finally:
        await store.close()


def test_forgetting_a_hidden_label_leaves_a_longer_label_that_ends_with_it() -> None:
    from engine.codex import GAME
    from engine.codex.scenario import Table

    t = Table()
    t.clear()
    [hidden] = t.give(0, "Argonaut")
    [public] = t.give(1, "Fading Argonaut", zone="discard")
    hidden_label, public_label = t.g.label(hidden), t.g.label(public)
    assert public_label.endswith(" " + hidden_label)  # "Fading Argonaut#1" around "Argonaut#1"
    line = f"p2's discard: {public_label}. {hidden_label} attacks. {hidden_label}0 is another card."
    assert GAME.forget_hidden(t.s, [line]) == [
        f"p2's discard: {public_label}. Argonaut attacks. {hidden_label}0 is another card."
    ]
