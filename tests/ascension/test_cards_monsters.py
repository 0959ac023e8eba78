"""The Monsters of the centre deck: rewards after the Void and the refill, choices owed by opponents, Xeron."""

from __future__ import annotations

import pytest

from engine.ascension import GAME
from tests.ascension.helpers import act, kinds, legal, names, position, proj

DECK = ["Militia", "Apprentice", "Apprentice", "Militia"]
DEAR = ["Master Dhartha", "Landtalker", "Emri, One with the Void", "Cetra, Weaver of Stars", "Hedron Cannon"]


def with_row(first: str, **table: object) -> object:
    return position(row=[first, *DEAR], **table)  # type: ignore[arg-type]


@pytest.mark.cards("avatar-of-the-fallen")
def test_avatar_cannot_be_banished_and_gives_a_free_card_of_the_refilled_row() -> None:
    s = position(p1={"hand": ["Seer of the Forked Path"], "deck": DECK}, row=["Avatar of the Fallen", *DEAR])
    s, _ = act(s, "play Seer of the Forked Path")
    assert "banish Avatar of the Fallen" not in legal(s)
    s = position(p1={"deck": DECK}, row=["Avatar of the Fallen", *DEAR], turn={"power": 7})
    s = GAME.fix_chance(s, "centre", ["Sea Tyrant"])
    s, events = act(s, "defeat Avatar of the Fallen")
    p = proj(s)
    assert p["p1"]["honor"] == 4 and names(p["row"])[0] == "Sea Tyrant"  # refilled before the reward
    options = legal(s)
    assert "defeat Sea Tyrant" in options and "take Master Dhartha" in options and options[-1] == "skip"
    s, _ = act(s, "defeat Sea Tyrant")
    assert proj(s)["p1"]["honor"] == 9 and kinds(events).index("refill") < kinds(events).index("honor")
    s2 = position(p1={"deck": DECK}, row=["Avatar of the Fallen", *DEAR], turn={"power": 7})
    s2, _ = act(s2, "defeat Avatar of the Fallen", "take Master Dhartha")
    assert names(proj(s2)["p1"]["discard"]) == ["Master Dhartha"]


@pytest.mark.cards("corrosive-widow")
def test_corrosive_widow_makes_each_opponent_destroy_a_construct_of_their_choice() -> None:
    s = position(
        3,
        p1={"deck": DECK},
        p2={"constructs": ["Shadow Star", "Muramasa"]},
        p3={"constructs": ["Snapdragon"]},
        row=["Corrosive Widow", *DEAR],
        turn={"power": 4},
    )
    s, _ = act(s, "defeat Corrosive Widow")
    assert proj(s)["p1"]["honor"] == 3 and proj(s)["pending"]["player"] == "p2"
    assert GAME.to_move(s) == {1}
    assert legal(s, 1) == ["destroy Shadow Star", "destroy Muramasa"]
    s, _ = act(s, "destroy Shadow Star", seat=1)
    p = proj(s)
    assert names(p["p2"]["constructs"]) == ["Muramasa"] and names(p["p2"]["discard"]) == ["Shadow Star"]
    assert p["p3"]["constructs"] == [] and names(p["p3"]["discard"]) == ["Snapdragon"]  # only one: no choice
    assert GAME.to_move(s) == {0}


@pytest.mark.cards("earth-tyrant")
def test_earth_tyrant_costs_six_and_gives_five_honor_and_two_cards() -> None:
    s = with_row("Earth Tyrant", p1={"deck": DECK}, turn={"power": 5})
    assert "defeat Earth Tyrant" not in legal(s)
    s = with_row("Earth Tyrant", p1={"deck": DECK}, turn={"power": 6})
    s, _ = act(s, "defeat Earth Tyrant")
    assert proj(s)["p1"]["honor"] == 5 and names(proj(s)["p1"]["hand"]) == ["Militia", "Apprentice"]


@pytest.mark.cards("mephit")
def test_mephit_may_banish_the_card_that_replaced_it() -> None:
    """The official FAQ: the row is refilled before Mephit's reward, so the new card may be banished."""
    s = with_row("Mephit", turn={"power": 3})
    s = GAME.fix_chance(s, "centre", ["Xeron, Duke of Lies"])
    s, _ = act(s, "defeat Mephit")
    assert proj(s)["p1"]["honor"] == 2 and "banish Xeron, Duke of Lies" in legal(s)
    s, _ = act(s, "banish Xeron, Duke of Lies")
    assert names(proj(s)["void"]) == ["Mephit", "Xeron, Duke of Lies"]


@pytest.mark.cards("mistake-of-creation")
def test_mistake_of_creation_may_banish_from_the_row_and_from_the_discard_pile() -> None:
    s = with_row("Mistake of Creation", p1={"discard": ["Apprentice"]}, turn={"power": 4})
    s, _ = act(s, "defeat Mistake of Creation")
    assert proj(s)["p1"]["honor"] == 4 and legal(s)[-1] == "skip"
    s, _ = act(s, "banish Landtalker")
    assert legal(s) == ["banish Apprentice from discard", "skip"]
    s, _ = act(s, "banish Apprentice from discard")
    assert names(proj(s)["void"]) == ["Mistake of Creation", "Landtalker"] and proj(s)["p1"]["discard"] == []


@pytest.mark.cards("samaels-trickster")
def test_samaels_trickster_gives_two_honor_and_a_rune() -> None:
    s = with_row("Samael's Trickster", turn={"power": 3})
    s, _ = act(s, "defeat Samael's Trickster")
    assert proj(s)["p1"]["honor"] == 2 and proj(s)["turn"]["runes"] == 1


@pytest.mark.cards("sea-tyrant")
def test_sea_tyrant_leaves_each_opponent_one_construct_of_their_choice() -> None:
    """Rulebook FAQ: an opponent who controls only one Construct keeps it."""
    s = position(
        3,
        p2={"constructs": ["Shadow Star", "Muramasa", "Shadow Star"]},
        p3={"constructs": ["Snapdragon"]},
        row=["Sea Tyrant", *DEAR],
        turn={"power": 5},
    )
    s, _ = act(s, "defeat Sea Tyrant")
    assert proj(s)["p1"]["honor"] == 5 and legal(s, 1) == ["keep Shadow Star", "keep Muramasa"]
    s, _ = act(s, "keep Muramasa", seat=1)
    p = proj(s)
    assert names(p["p2"]["constructs"]) == ["Muramasa"] and names(p["p2"]["discard"]) == ["Shadow Star", "Shadow Star"]
    assert names(p["p3"]["constructs"]) == ["Snapdragon"]


@pytest.mark.cards("tormented-soul")
def test_tormented_soul_gives_two_honor_and_a_card() -> None:
    s = with_row("Tormented Soul", p1={"deck": DECK}, turn={"power": 3})
    s, _ = act(s, "defeat Tormented Soul")
    assert proj(s)["p1"]["honor"] == 2 and names(proj(s)["p1"]["hand"]) == ["Militia"]


@pytest.mark.cards("wind-tyrant")
def test_wind_tyrant_gives_three_honor_and_three_runes() -> None:
    s = with_row("Wind Tyrant", turn={"power": 5})
    s, _ = act(s, "defeat Wind Tyrant")
    assert proj(s)["p1"]["honor"] == 3 and proj(s)["turn"]["runes"] == 3


@pytest.mark.cards("xeron-duke-of-lies")
def test_xeron_takes_a_random_card_from_each_opponent_for_good() -> None:
    """Rulebook FAQ: the cards taken are the taker's from now on; the others draw nothing instead."""
    s = position(
        3,
        p1={"hand": []},
        p2={"hand": ["Ascetic of the Lidless Eye"]},
        p3={"hand": ["Apprentice", "Apprentice"]},
        row=["Xeron, Duke of Lies", *DEAR],
        turn={"power": 6},
    )
    s, events = act(s, "defeat Xeron, Duke of Lies")
    p = proj(s)
    assert p["p1"]["honor"] == 4 and sorted(names(p["p1"]["hand"])) == ["Apprentice", "Ascetic of the Lidless Eye"]
    assert p["p2"]["hand"] == [] and names(p["p3"]["hand"]) == ["Apprentice"]
    private = [e for e in events if e.kind == "stolen"]
    assert [sorted(e.to or ()) for e in private] == [[0, 1], [0, 2]]
    assert all("card" not in e.data for e in events if e.kind == "steal" and e.to is None)
    s, _ = act(s, "play Ascetic of the Lidless Eye")  # theirs to play this very turn
    assert proj(s)["p1"]["score"] == 4 + 3 and proj(s)["p2"]["score"] == 0  # its Honor counts for p1 now
