"""The `mode` option and the standard (three-hero) game: which mode a table plays, the checks on seats
and teams, random teams, starter decks, the 72-card codex, the multi-colour tax and the hero limit."""

from __future__ import annotations

import pytest

from engine.codex import GAME, options
from engine.codex.cards import catalog
from engine.codex.rules import hero_limit
from engine.codex.scenario import Table
from engine.core import BadOptions

THREE = ["troq-bashar", "river-montoya", "captain-zane"]


@pytest.fixture
def zane_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third hero for teams of three. Only setup rules are tested with it (none of its cards is played),
    so its abilities need not be implemented yet."""
    more = (*options.heroes_available(), "captain-zane", "calamandra-moss")
    monkeypatch.setattr(options, "heroes_available", lambda: tuple(sorted(set(more))))


@pytest.mark.parametrize(
    ("players", "opts", "mode"),
    [
        (2, {}, "1-hero"),
        (2, {"hero1": ["troq-bashar", "river-montoya"]}, "standard"),
        (2, {"mode": "standard"}, "standard"),
        (3, {}, "ffa"),
        (4, {}, "2v2"),
        (4, {"mode": "ffa"}, "ffa"),
        (5, {}, "ffa"),
    ],
)
def test_auto_mode_follows_the_seats_and_teams(players: int, opts: dict, mode: str) -> None:
    s = GAME.setup(players, opts, 1)
    assert s.options["mode"] == mode and len(s.players) == players


@pytest.mark.parametrize(
    ("players", "opts", "message"),
    [
        (3, {"mode": "1-hero"}, "1-hero game is for exactly 2 players; this table has 3. With 3 players, play ffa"),
        (3, {"mode": "2v2"}, "Two-Headed Dragon (2v2) is for exactly 4 players"),
        (2, {"mode": "ffa"}, "free-for-all is for 3 to 5 players"),
        (2, {"mode": "1-hero", "hero1": ["troq-bashar", "river-montoya"]}, "p1 named 2. Play mode=standard"),
        (2, {"mode": "teams"}, "Option mode must be one of auto"),
        (2, {"hero3": "troq-bashar"}, "This table has 2 players, so hero3 cannot be set"),
        (2, {"first_player": "p3"}, "first_player must be random or one of p1-p2"),
        (2, {"hero1": ["troq-bashar"] * 2}, "one to three different heroes"),
        (4, {"teams": "p2+p3"}, "must be one of p1+p3, p1+p2, p1+p4"),
    ],
)
def test_bad_mode_options_say_what_is_legal(players: int, opts: dict, message: str) -> None:
    with pytest.raises(BadOptions) as err:
        GAME.setup(players, opts, 0)
    assert message in err.value.message


def test_seat_range_narrows_to_the_mode() -> None:
    assert GAME.seat_range({"mode": "2v2"}) == (4, 4)
    assert GAME.seat_range({"mode": "ffa"}) == (3, 5)
    assert GAME.seat_range({"mode": "standard"}) == (2, 2)
    assert GAME.seat_range({}) == (2, 5)


def test_random_teams_come_from_the_seed() -> None:
    a = GAME.setup(2, {"mode": "standard"}, 7)
    b = GAME.setup(2, {"mode": "standard"}, 7)
    assert [p.heroes for p in a.players] == [p.heroes for p in b.players]
    for p in a.players:
        # As many different heroes as are playable, up to three.
        assert len(p.heroes) == min(3, len(options.heroes_available())) == len(set(p.heroes))
        assert set(p.heroes) <= set(options.heroes_available())
    teams = {tuple(GAME.setup(2, {"mode": "standard"}, seed).players[0].heroes) for seed in range(20)}
    assert len(teams) > 1


def test_resolved_options_set_up_the_same_game_again() -> None:
    s = GAME.setup(4, {"mode": "2v2"}, 11)
    again = GAME.setup(4, s.options, 11)
    assert GAME.to_json(again) == GAME.to_json(s)


def test_three_heroes_bring_a_72_card_codex_and_all_add_ons(zane_playable: None) -> None:
    t = Table(hero1=THREE, hero2=["river-montoya"], starter1="neutral")
    t.clear()
    p = t.s.players[0]
    assert sum(p.codex.values()) == 72 and set(p.codex.values()) == {2} and len(p.command) == 3
    # Troq and River are neutral, Zane is red: neutral heroes are not a colour, so no tax.
    assert not t.s.players[1].heroes[1:]
    t.gold(0, 10)
    t.workers(0, 6)
    t.act("build tech1")
    assert t.s.players[0].gold == 9
    for addon in ("tech lab", "heroes hall"):
        assert any(a.startswith(f"build {addon}") for a in t.legal(0))
    # p2 plays one hero, so the 1-hero add-ons only.
    t.end_turn()
    t.gold(1, 10)
    assert not any(a.startswith(("build tech lab", "build heroes hall")) for a in t.legal(1))


def test_two_colours_pay_the_tax_once(zane_playable: None) -> None:
    t = Table(hero1=["captain-zane", "calamandra-moss", "troq-bashar"], starter1="neutral")
    t.clear()
    t.gold(0, 10)
    t.workers(0, 6)
    t.act("build tech1")
    assert t.s.players[0].gold == 8  # 1 for the building, 1 multi-colour tax
    t.act("build tower")
    assert t.s.players[0].gold == 5  # the tower's 3, no second tax


def test_hero_limit_grows_with_tech_ii_iii_and_the_hall(zane_playable: None) -> None:
    t = Table(hero1=THREE, starter1="neutral")
    g, p = t.g, t.s.players[0]
    assert hero_limit(g, p) == 1
    t.built(0, "tech1", "tech2")
    assert hero_limit(g, p) == 2
    t.built(0, "heroes hall")
    assert hero_limit(g, p) == 3
    p.addon = None
    t.built(0, "tech3")
    assert hero_limit(g, p) == 3


def test_tech_ii_offers_each_of_three_specs(zane_playable: None) -> None:
    t = Table(hero1=THREE, starter1="neutral")
    t.gold(0, 10)
    t.workers(0, 8)
    t.built(0, "tech1")
    builds = {a for a in t.legal(0) if a.startswith("build tech2")}
    assert builds == {"build tech2 anarchy", "build tech2 bashing", "build tech2 finesse"}


def test_starter_deck_is_the_first_heros_colour_unless_chosen(zane_playable: None) -> None:
    s = GAME.setup(2, {"hero1": ["captain-zane", "river-montoya"]}, 0)
    assert s.players[0].colour == "red"
    assert {s.cards[u][0] for u in s.players[0].hand + s.players[0].deck} <= {c.id for c in catalog().starter("red")}
    s = GAME.setup(2, {"hero1": ["captain-zane", "river-montoya"], "starter1": "neutral"}, 0)
    assert s.players[0].colour == "neutral"
    with pytest.raises(BadOptions) as err:
        GAME.setup(2, {"starter2": "green"}, 0)
    assert "starter2 must be auto or the colour of one of p2's heroes (neutral)" in err.value.message


def test_a_starter_deck_not_implemented_is_refused(zane_playable: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(options, "starters_available", lambda: {"neutral"})
    with pytest.raises(BadOptions) as err:
        GAME.setup(2, {"hero1": ["captain-zane", "river-montoya"]}, 0)
    assert "red starter deck is not implemented yet" in err.value.message and "starter1" in err.value.message
    # A random team puts a hero whose starter deck can be played first.
    for seed in range(10):
        s = GAME.setup(2, {"mode": "standard"}, seed)
        assert all(p.colour == "neutral" for p in s.players)


def test_seat_choices_become_options() -> None:
    GAME.check_seat_choice({"hero": "random"})
    GAME.check_seat_choice({"hero": ["troq-bashar", "river-montoya"], "team": 2})
    with pytest.raises(BadOptions):
        GAME.check_seat_choice({"team": 3})
    with pytest.raises(BadOptions):
        GAME.check_seat_choice({"colour": "red"})
    opts = GAME.seat_options({}, [{"team": 1}, {"team": 1, "hero": "river-montoya"}, {}, {"team": 2}])
    assert opts["teams"] == "p1+p2" and opts["hero2"] == "river-montoya"
    with pytest.raises(BadOptions, match="3 players chose team 1"):
        GAME.seat_options({}, [{"team": 1}, {"team": 1}, {"team": 1}, {}])
    assert "teams" not in GAME.seat_options({}, [{}, {}, {}, {}])
