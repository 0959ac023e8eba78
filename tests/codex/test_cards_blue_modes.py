"""Blue cards with more than two players: "opponents" are the other team (a 2v2 partner's Building Inspector,
Newsman, Jail or Censorship Council leave you alone), "during their turns" holds for both partners of a team
turn, and "an opponent" of a free-for-all is the one the caster picks."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table


def two_v_two() -> Table:
    """p1 and p3 (team 1, on turn) against p2 and p4; hands and decks empty."""
    t = Table(
        players=4,
        mode="2v2",
        hero1="bigby-hayes",
        hero2="river-montoya",
        hero3="sirus-quince",
        hero4="troq-bashar",
    )
    t.clear()
    return t


@pytest.mark.cards("building-inspector")
def test_building_inspector_taxes_the_other_team_only() -> None:
    t = two_v_two()
    t.put(2, "Building Inspector")  # p3's: p1's partner
    t.gold(0, 10)
    t.workers(0, 6)
    t.act("build tech1", 0)
    assert t.s.players[0].gold == 9  # the printed price
    t.put(1, "Building Inspector")  # p2's: an opponent
    t.gold(2, 10)
    t.workers(2, 6)
    t.act("build tech1", 2)
    assert t.s.players[2].gold == 8  # one more


@pytest.mark.cards("censorship-council")
def test_censorship_council_binds_each_opponent_of_a_team_turn() -> None:
    t = two_v_two()
    t.put(2, "Censorship Council")  # a partner's Council binds nobody on this team
    t.gold(0, 10)
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot", 0)
    assert t.can("play Older Brother", 0)
    t.put(1, "Censorship Council")  # an opponent's binds both partners, each to one card
    t.gold(2, 10)
    t.give(2, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot", 2)
    assert not t.can("play Older Brother", 2) and not t.can("play Older Brother", 0)


@pytest.mark.cards("reputable-newsman")
def test_reputable_newsman_bans_opponents_not_partners() -> None:
    t = two_v_two()
    friend = t.put(2, "Reputable Newsman")
    t.thing(friend).marks["named cost"] = 1
    t.put(0, "bigby-hayes")
    t.gold(0, 10)
    t.give(0, "Spark")
    t.put(1, "Tenderfoot", slot="elite")
    assert t.can("play Spark", 0)
    foe = t.put(3, "Reputable Newsman")
    t.thing(foe).marks["named cost"] = 1
    assert not t.can("play Spark", 0)


@pytest.mark.cards("jail")
def test_jail_catches_the_other_teams_units_only() -> None:
    t = two_v_two()
    t.put(2, "Jail")
    t.gold(0, 10)
    mine, theirs = t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot", 0)
    assert t.alive(mine)
    t.put(3, "Jail")
    t.act("play Older Brother", 0)
    assert not t.alive(theirs) and t.s.players[3].zones["jail"] == [theirs]


@pytest.mark.cards("injunction")
def test_injunction_picks_among_the_opponents_buildings_and_lasts_their_team_turn() -> None:
    t = two_v_two()
    t.put(0, "bigby-hayes")
    t.gold(0, 10)
    t.built(2, "tech1")  # the partner's: never offered
    t.built(1, "tech1")
    t.built(3, "tech1")
    t.give(0, "Injunction")
    t.act("play Injunction", 0)
    assert t.s.pending["options"] == ["1:tech1", "3:tech1"]
    t.act("choose p4 tech1", 0)
    assert t.s.players[3].marks == {"tech1 off": 1}
    t.end_turn()  # the other team's turn: p4's Tech I is out of order
    t.gold(3, 10)
    t.give(3, "Iron Man")
    assert not t.can("play Iron Man", 3)
    t.end_turn()
    assert not t.s.players[3].marks  # over once that team turn ended, whoever of the two acted last


@pytest.mark.cards("free-speech")
def test_free_speech_silences_the_opponent_picked_until_their_next_turn_ends() -> None:
    t = Table(players=3, mode="ffa", hero1="sirus-quince", hero2="troq-bashar", hero3="river-montoya")
    t.clear()
    t.put(0, "sirus-quince")
    troq = t.put(1, "troq-bashar", level=5)
    river = t.put(2, "river-montoya", level=4)
    t.gold(0, 10)
    t.give(0, "Free Speech")
    t.act("play Free Speech", 0)
    assert t.s.pending["options"] == ["p2", "p3"]
    t.act("choose p3", 0)
    assert t.q.abilities(t.thing(troq)) and not t.q.abilities(t.thing(river))
    t.end_turn()  # p2's turn
    t.end_turn()  # p3's turn: still silenced
    assert not t.q.abilities(t.thing(river)) and t.s.players[2].marks
    t.end_turn()
    assert t.q.abilities(t.thing(river)) and not t.s.players[2].marks


@pytest.mark.cards("free-speech")
def test_free_speech_on_a_2v2_opponent_ends_after_their_team_turn() -> None:
    t = two_v_two()
    t.put(0, "sirus-quince")
    troq = t.put(3, "troq-bashar", level=5)
    t.gold(0, 10)
    t.give(0, "Free Speech")
    t.act("play Free Speech", 0)
    t.act("choose p4", 0)
    t.end_turn()
    assert not t.q.abilities(t.thing(troq))
    t.end_turn()
    assert t.q.abilities(t.thing(troq)) and not t.s.players[3].marks


@pytest.mark.cards("eyes-of-the-chancellor")
def test_eyes_of_the_chancellor_reveal_both_opponents_not_the_partner() -> None:
    t = two_v_two()
    t.put(0, "Eyes of the Chancellor")
    (partner,) = t.give(2, "Spark")
    foes = [t.give(seat, "Wither")[0] for seat in (1, 3)]
    assert GAME.hidden_cards(t.s, 1) == set() and GAME.hidden_cards(t.s, 3) == set()
    assert GAME.hidden_cards(t.s, 2) == {t.name(partner)}
    view = GAME.view(t.s, 2)
    assert [view["players"][x].get("hand_cards") for x in (1, 3)] == [[t.name(u)] for u in foes]
    assert "hand_cards" not in GAME.view(t.s, 1)["players"][2]
