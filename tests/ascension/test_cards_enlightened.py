"""The Enlightened cards (blue): draws, free defeats, the row banish, the extra turn, copying a Hero."""

from __future__ import annotations

import pytest

from tests.ascension.helpers import act, kinds, legal, names, position, proj

ROW = ["Mephit", "Sea Tyrant", "Earth Tyrant", "Avatar of the Fallen", "Wolf Shaman", "Mystic"]
DECK = ["Militia", "Apprentice", "Apprentice", "Militia"]
LONG = ["Militia", *["Apprentice"] * 8, "Militia"]
"""A whole starting deck, enough for two hands."""


def row(*cards: str) -> list[str]:
    return list(cards)


@pytest.mark.cards("arha-initiate")
def test_arha_initiate_draws_a_card() -> None:
    s = position(p1={"hand": ["Arha Initiate"], "deck": DECK})
    s, _ = act(s, "play Arha Initiate")
    assert names(proj(s)["p1"]["hand"]) == ["Militia"] and len(proj(s)["p1"]["deck"]) == 3


@pytest.mark.cards("ascetic-of-the-lidless-eye")
def test_ascetic_draws_two() -> None:
    s = position(p1={"hand": ["Ascetic of the Lidless Eye"], "deck": DECK})
    s, _ = act(s, "play Ascetic of the Lidless Eye")
    assert names(proj(s)["p1"]["hand"]) == ["Militia", "Apprentice"]


@pytest.mark.cards("master-dhartha")
def test_master_dhartha_draws_three() -> None:
    s = position(p1={"hand": ["Master Dhartha"], "deck": DECK})
    s, _ = act(s, "play Master Dhartha")
    assert names(proj(s)["p1"]["hand"]) == ["Militia", "Apprentice", "Apprentice"]


@pytest.mark.cards("arha-templar")
def test_arha_templar_defeats_a_monster_of_cost_four_or_less_for_free() -> None:
    s = position(p1={"hand": ["Arha Templar"]}, row=row("Mephit", "Sea Tyrant", "Wolf Shaman"))
    s, _ = act(s, "play Arha Templar")
    assert legal(s) == ["defeat Mephit", "defeat Cultist"]  # Sea Tyrant costs 5
    s, events = act(s, "defeat Mephit")
    p = proj(s)
    assert p["p1"]["honor"] == 2 and names(p["void"]) == ["Mephit"] and "Mephit" not in names(p["row"])
    assert p["turn"]["power"] == 0 and "defeat" in kinds(events)


@pytest.mark.cards("oziah-the-peerless")
def test_oziah_defeats_a_monster_of_cost_six_or_less_for_free() -> None:
    s = position(p1={"hand": ["Oziah the Peerless"]}, row=row("Earth Tyrant", "Avatar of the Fallen", "Mephit"))
    s, _ = act(s, "play Oziah the Peerless")
    assert legal(s) == ["defeat Earth Tyrant", "defeat Mephit", "defeat Cultist"]  # the Avatar costs 7
    s, _ = act(s, "defeat Earth Tyrant")
    assert proj(s)["p1"]["honor"] == 5


@pytest.mark.cards("seer-of-the-forked-path")
def test_seer_draws_then_may_banish_a_card_of_the_row() -> None:
    s = position(p1={"hand": ["Seer of the Forked Path", "Seer of the Forked Path"], "deck": DECK}, row=ROW[:5])
    s, _ = act(s, "play Seer of the Forked Path")
    assert names(proj(s)["p1"]["hand"]) == ["Seer of the Forked Path", "Militia"]
    options = legal(s)
    assert "banish Avatar of the Fallen" not in options  # it cannot be banished
    assert options[-1] == "skip" and "banish Sea Tyrant" in options
    s, _ = act(s, "banish Sea Tyrant")
    p = proj(s)
    assert names(p["void"]) == ["Sea Tyrant"] and p["row"][1] is not None and "Sea Tyrant" not in names(p["row"])
    assert p["p1"]["honor"] == 0  # banishing is not defeating
    s, _ = act(s, "play Seer of the Forked Path", "skip")
    assert names(proj(s)["void"]) == ["Sea Tyrant"]


@pytest.mark.cards("tablet-of-times-dawn")
def test_tablet_of_times_dawn_is_banished_for_an_extra_turn() -> None:
    s = position(p1={"constructs": ["Tablet of Time's Dawn"], "deck": LONG}, p2={"deck": LONG})
    s, _ = act(s, "use Tablet of Time's Dawn")
    p = proj(s)
    assert names(p["void"]) == ["Tablet of Time's Dawn"] and p["p1"]["constructs"] == [] and p["extra_turns"] == 1
    s, events = act(s, "end")
    assert proj(s)["active"] == "p1" and proj(s)["round"] == 1 and proj(s)["extra_turns"] == 0
    assert [e.data["extra"] for e in events if e.kind == "turn"] == [True]
    s, _ = act(s, "end")
    assert proj(s)["active"] == "p2"


@pytest.mark.cards("temple-librarian")
def test_temple_librarian_may_discard_a_card_to_draw_two() -> None:
    s = position(p1={"hand": ["Temple Librarian", "Apprentice", "Temple Librarian"], "deck": DECK})
    s, _ = act(s, "play Temple Librarian")
    assert legal(s) == ["discard Apprentice", "discard Temple Librarian", "skip"]
    s, _ = act(s, "discard Apprentice")
    p = proj(s)
    assert names(p["p1"]["discard"]) == ["Apprentice"]
    assert names(p["p1"]["hand"]) == ["Temple Librarian", "Militia", "Apprentice"]
    s, _ = act(s, "play Temple Librarian", "skip")
    assert len(proj(s)["p1"]["hand"]) == 2 and len(proj(s)["p1"]["deck"]) == 2


@pytest.mark.cards("the-all-seeing-eye")
def test_the_all_seeing_eye_draws_once_a_turn_when_its_owner_likes() -> None:
    """Rulebook FAQ (Eye of Providence): a once-a-turn effect need not be used at the start of the turn."""
    s = position(p1={"constructs": ["The All-Seeing Eye"], "hand": ["Mystic"], "deck": LONG}, p2={"deck": LONG})
    s, _ = act(s, "play Mystic")
    assert "use The All-Seeing Eye" in legal(s)
    s, _ = act(s, "use The All-Seeing Eye")
    assert names(proj(s)["p1"]["hand"]) == ["Militia"]
    assert "use The All-Seeing Eye" not in legal(s)
    s, _ = act(s, "end")
    assert "use The All-Seeing Eye" not in legal(s)  # p2's turn: never on another player's turn
    s, _ = act(s, "end")
    assert "use The All-Seeing Eye" in legal(s)


@pytest.mark.cards("twofold-askara")
def test_twofold_askara_does_again_what_another_hero_did() -> None:
    s = position(p1={"hand": ["Wolf Shaman", "Twofold Askara", "Apprentice"], "deck": DECK})
    s, _ = act(s, "play Wolf Shaman", "play Twofold Askara")
    p = proj(s)  # only one other Hero: no question asked
    assert p["turn"]["runes"] == 2 and names(p["p1"]["hand"]) == ["Apprentice", "Militia", "Apprentice"]
    s, _ = act(s, "play Apprentice")
    s2 = position(p1={"hand": ["Wolf Shaman", "Twofold Askara", "Demon Slayer"], "deck": DECK})
    s2, _ = act(s2, "play Wolf Shaman", "play Demon Slayer", "play Twofold Askara")
    assert legal(s2) == ["copy Wolf Shaman", "copy Demon Slayer"]
    s2, _ = act(s2, "copy Demon Slayer")
    assert proj(s2)["turn"]["power"] == 6
    s3 = position(p1={"hand": ["Twofold Askara"]})
    s3, events = act(s3, "play Twofold Askara")
    assert proj(s3)["pending"] is None and "copy" not in kinds(events)  # nothing to copy
