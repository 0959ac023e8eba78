"""Codex positions carry what lies beside the usual zones (engine/codex/position_held.py and friends): a
Jail's inmates, buried units, player marks (silenced, Injunction, Moment's Peace, heroes that died), copies
(copying, its copy-long modifiers, tied things) and the order things came into play. Each is made through
real plays, dumped, loaded back, and play goes on the same way in both."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.codex import GAME
from engine.codex.cards import catalog
from engine.codex.scenario import Table
from engine.codex.state import State
from engine.codex.stats import Q
from engine.scenario import ERROR, load_hooks, load_scenario, run_scenario, to_toml
from engine.scenario.runner import start
from tests.codex.random_play import choose

engine.load_games()
load_hooks(GAME)


def reload(state: State, seed: int = 0) -> State:
    """Dump `state` in full, write it as a file, and load that file."""
    data = {"game": "codex", "seed": seed, "options": {"first_player": "p1"}}
    data["position"] = GAME.position_to_scenario(state, None, full=True)
    return start(load_scenario(to_toml(data)), {"codex": GAME}).state


def view(state: State) -> dict[str, Any]:
    return GAME.scenario_projection(state)


def legal(state: State, seat: int) -> list[str]:
    return [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]


def twin(t: Table) -> Table:
    """A table holding the dumped and reloaded position of `t`."""
    other = Table()
    other.s = reload(t.s)
    return other


def by_label(state: State) -> dict[str, Any]:
    """The projection with things in play in label order: a card from a hidden zone gets a new uid in a
    loaded position (uids are not written), so after it comes into play the uid order may differ."""
    out = view(state)
    for table in (out, *(out[seat] for seat in ("p1", "p2"))):
        table["in_play"] = sorted(table["in_play"], key=lambda x: x["label"])
    return out


def same(a: Table, b: Table) -> None:
    assert by_label(a.s) == by_label(b.s)
    for seat in range(len(a.s.players)):
        assert legal(a.s, seat) == legal(b.s, seat)


def both(tables: tuple[Table, Table], text: str, seat: int | None = None) -> None:
    for t in tables:
        t.act(text, seat)
    same(*tables)


def end_both(tables: tuple[Table, Table]) -> None:
    """End the turn in both; the next player makes the first tech pick, and keeps no stashed card."""
    for t in tables:
        t.end_turn()
        if t.s.pending is not None and t.s.pending["kind"] == "stash":
            t.act("choose none")
        while t.s.phase == "await_tech":
            t.pick_tech(t.s.active)
    same(*tables)


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


def jail_silence_injunction_copy() -> Table:
    """Turn 2, p2's: p1's Mirror Illusion copies p1's Iron Man for good (Sirus Quince at max, tied to both),
    p2's Jail holds p1's Tenderfoot, and p2 has shut down p1's Tech I building (Injunction) and silenced p1
    (Free Speech)."""
    t = Table(hero1="sirus-quince", hero2="bigby-hayes")
    t.clear()
    t.gold(0, 20)
    t.put(0, "sirus-quince", level=5)
    t.put(0, "mirror-illusion")
    t.built(0, "tech1")
    t.give(0, "Iron Man", "Tenderfoot", "Older Brother")
    t.act("play Iron Man")
    t.act("choose yes")  # the Mirror copies the arriving Iron Man
    t.put(1, "Jail")
    t.act("play Tenderfoot")  # into p2's jail
    t.end_turn()
    t.gold(1, 20)
    t.put(1, "bigby-hayes")
    t.put(1, "sirus-quince")
    t.give(1, "Injunction", "Free Speech")
    t.act("play Injunction")  # p1's only tech building: shut down at once
    t.act("play Free Speech")
    return t


def test_jail_marks_and_a_copy_survive_a_dump_and_play_on_the_same() -> None:
    t = jail_silence_injunction_copy()
    s = t.s
    (foot,) = s.players[1].zones["jail"]
    assert s.cards[foot][1] == 0 and s.players[0].marks.keys() == {"silenced", "tech1 off"}
    (mirror,) = [u for u, th in s.things.items() if th.copied]
    assert s.things[mirror].card == "iron-man" and len(s.things[mirror].tied) == 2
    position = GAME.position_to_scenario(s, None, full=True)
    assert position["p2"]["jail"] == ["Tenderfoot#1"]
    assert position["p1"]["marks"] == {"silenced": True, "tech1 off": True}
    copy = next(x for x in position["in_play"] if "copying" in x)
    assert copy["card"] == "Mirror Illusion#1" and copy["copying"] == "Iron Man#2"
    assert copy["tied"] == ["Sirus Quince#1", "Iron Man#1"]
    other = twin(t)
    o = other.s
    assert [o.cards[u][0] for u in o.players[1].zones["jail"]] == ["tenderfoot"]
    assert o.players[0].marks == s.players[0].marks and o.players[1].marks == s.players[1].marks
    (copied,) = [th for th in o.things.values() if th.copied]
    assert copied.copied == s.things[mirror].copied and copied.card == "iron-man"
    assert [m.until for m in copied.mods] == [m.until for m in s.things[mirror].mods]
    assert other.q.is_illusion(copied) and t.q.is_illusion(s.things[mirror])
    same(t, other)
    tables = (t, other)
    end_both(tables)  # p1's turn: silenced, Tech I out of order
    for x in tables:
        x.gold(0, 10)
        x.give(0, "Iron Man")
    assert not t.can("play Iron Man", 0) and not other.can("play Iron Man", 0)
    end_both(tables)
    end_both(tables)  # p1's next turn: working again, and the silence is over
    assert not t.s.players[0].marks and not other.s.players[0].marks
    for x in tables:
        x.gold(0, 10)
    both(tables, "play Older Brother")  # jailed instead; the Tenderfoot is released and arrives
    assert [t.s.cards[u][0] for u in t.s.players[1].zones["jail"]] == ["older-brother"]
    assert things(t, "tenderfoot", 0) and things(other, "tenderfoot", 0)
    for x in tables:  # the Jail goes: its inmate to the discard pile; Quince goes: the tied Mirror too
        x.effect(1, [{"op": "destroy", "to": {"each": {"card": "jail"}}}])
        x.effect(1, [{"op": "bounce", "to": {"each": {"card": "sirus-quince"}}}])
    same(t, other)
    assert "Older Brother#1" in view(other.s)["p1"]["discard"] and not things(other, "iron-man", 0)[1:]


def test_a_graveyard_keeps_its_buried_units_through_a_dump() -> None:
    t = Table()
    t.put(0, "Graveyard")
    foot = t.put(0, "Tenderfoot")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
    assert t.s.players[0].zones["graveyard"] == [foot]
    name = t.name(foot)
    position = GAME.position_to_scenario(t.s, None, full=True)
    (yard,) = [x for x in position["in_play"] if x["card"].startswith("Graveyard")]
    assert yard["buried"] == [name]
    other = twin(t)
    same(t, other)
    assert view(other.s)["in_play"][0]["buried"] == [name]
    for x in (t, other):
        x.effect(1, [{"op": "destroy", "to": {"each": {"card": "graveyard"}}}])
    same(t, other)
    assert name in view(other.s)["p1"]["discard"] and not other.s.memory


POSITION = """
[position]
turn = 3
extra_turns = {p1 = 1}
promised_gold = {p1 = 2}
skip_draw = {p2 = 1}

[position.p1]
heroes = ["Sirus Quince"]
marks = {"moment's peace" = true, "hero died" = ["Sirus Quince"], silenced = 2}
lost_addon = "tower"
jail = [{card = "Tenderfoot", owner = "p2"}]

[[position.p1.in_play]]
card = "Jail"

[[position.p1.in_play]]
card = "Graveyard"
buried = ["Older Brother", {card = "Iron Man", owner = "p2"}]

[[position.p1.in_play]]
card = "Mirror Illusion"
copying = "Hired Stomper#2"
copy_until = "ever"
tied = ["Hired Stomper#1"]
mods = [{until = "while a copy", subtypes = ["illusion"]}]

[[position.p1.in_play]]
card = "Hired Stomper"
entered = 1
used_this_turn = {x = 2}

[[position.p1.in_play]]
card = "Iron Man"
owner = "p2"
control_changed_this_turn = true
mods = [{keywords = ["-haste"], made = 2}, {printed_atk = 4, form = "Squirrel", until = "ever"}]
"""


def test_each_new_key_lands_where_the_state_keeps_it() -> None:
    s = start(load_scenario('game = "codex"\n' + POSITION, "c.toml"), {"codex": GAME}).state
    p = s.players[0]
    assert (
        s.memory["extra turns"] == {"0": 1} and s.memory["promised"] == {"0": 2} and s.memory["skip draw"] == {"1": 1}
    )
    assert p.marks["moment's peace"] == p.turns and p.marks["silenced"] == 2 and p.lost_addon == "tower"
    (died,) = [k for k in p.marks if k.startswith("hero died:")]
    assert s.cards[int(died.split(":")[1])][0] == "sirus-quince"
    (inmate,) = p.zones["jail"]
    assert s.cards[inmate][:2] == ("tenderfoot", 1)
    by_card = {th.card: th for th in s.things.values()}
    yard = by_card["graveyard"]
    buried = {s.cards[int(u)][0]: where for u, where in s.memory["buried"].items()}
    assert buried == {"older-brother": [yard.uid, yard.stamp], "iron-man": [yard.uid, yard.stamp]}
    assert [s.cards[u][0] for u in s.players[1].zones["graveyard"]] == ["iron-man"]
    mirror = next(th for th in s.things.values() if th.copied)
    assert mirror.card == "hired-stomper" and mirror.copied == ["mirror-illusion", 1, "ever"]
    assert s.cards[mirror.uid] == ("mirror-illusion", 0, 2)
    stomper = next(th for th in s.things.values() if th.card == "hired-stomper" and not th.copied)
    assert mirror.tied == [stomper.uid] and mirror.mods[0].until == "copy" and mirror.mods[0].sub == ("illusion",)
    assert stomper.used == {"x": s.turn, "x#n": 2} and stomper.stamp == 1 and mirror.stamp == 3
    iron = by_card["iron-man"]
    assert iron.since == s.turn and iron.arrived == s.turn - 1 and iron.owner == 1
    assert iron.mods[0].stamp == 2 and iron.mods[1].printed_atk == 4 and iron.mods[1].form == "squirrel"
    again = reload(s)
    assert view(again) == view(s)
    assert again.memory == s.memory and again.players[0].marks == p.marks
    assert order(again) == order(s)


def order(s: State) -> list[tuple[int, int, int]]:
    """How every two stamps compare (things in play, and modifiers taking keywords away): -1, 0 or 1."""
    stamps = [th.stamp for _, th in sorted(s.things.items())]
    stamps += [m.stamp for _, th in sorted(s.things.items()) for m in th.mods if m.stamp]
    return [(i, j, (a > b) - (a < b)) for i, a in enumerate(stamps) for j, b in enumerate(stamps)]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[position.p1]\nmarks = {silenst = true}\n", "no player mark called 'silenst' (did you mean \"silenced\"?)"),
        ("[position.p1]\nmarks = {silenced = -1}\n", "`silenced` is true (made now) or the number"),
        (
            '[position.p1]\nheroes = ["Troq Bashar"]\nmarks = {"hero died" = ["River Montoya"]}\n',
            "River Montoya is not one of p1's heroes",
        ),
        ('[position.p1]\njail = ["Tenderfoot"]\n', "p1 has no Jail in play"),
        ('[position.p1]\nin_play = ["Jail"]\njail = ["Tenderfot"]\n', '(did you mean "Tenderfoot"?)'),
        ('[position.p1]\nin_play = ["Jail"]\njail = ["Spark"]\n', "a jailed unit is a unit card, and Spark is a spell"),
        ('[position.p1]\nin_play = ["Jail"]\njail = [{card = "Tenderfoot", owner = "p1"}]\n', "opponents' units"),
        ('[position.p1]\nin_play = [{card = "Jail", buried = ["Tenderfoot"]}]\n', "only a Graveyard holds"),
        (
            '[position.p1]\nin_play = [{card = "Graveyard", buried = ["Tenderfoot", "Tenderfoot", "Tenderfoot", '
            '"Tenderfoot"]}]\n',
            "sacrificed at once",
        ),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", copying = "Sparks"}]\n', '(did you mean "Spark"?)'),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", copying = "Spark"}]\n', "not the spell Spark"),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", copy_until = "ever"}]\n', "goes with `copying`"),
        (
            '[position.p1]\nin_play = [{card = "Tenderfoot", copying = "Iron Man", copy_until = "forever"}]\n',
            '`copy_until` cannot be "forever"',
        ),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", tied = ["Iron Man"]}]\n', "Iron Man is not in play"),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", mods = [{until = "while a copy"}]}]\n', "only on a thing"),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", mods = [{form = "Squirel"}]}]\n', '"Squirrel"'),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", used_this_turn = {x = 0}}]\n', "how many times"),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", trashed = "Seer"}]\n', "`trashed` must be a list"),
        ("[position]\nskip_draw = {p1 = -1}\n", "`p1` must be from 0 to 100"),
        ('[position.p1]\nlost_addon = "towel"\n', '`lost_addon` cannot be "towel" (did you mean "tower"?)'),
        ('[position.this_turn]\nstampede = ["Iron Man"]\n', "Iron Man is not in play"),
        ('[position.this_turn]\nlooked_at_top = {p1 = "Sprak"}\n', "'Sprak' (did you mean \"Spark\"?)"),
        ('[position.this_turn]\ndeath_rites = ["p3"]\n', "there is no seat p3"),
        ('[position.this_turn]\nauras = [{add = ["haste"], controller = "p1"}]\n', "an aura needs `who`"),
        ("[position.this_turn]\nspells = {p1 = 1}\n", 'unknown key `spells` in `this_turn` (did you mean "spells_'),
    ],
)
def test_mistakes_in_the_new_keys_are_named(text: str, fragment: str) -> None:
    result = run_scenario(load_scenario('game = "codex"\n' + text, "c.toml"))
    assert result.status == ERROR
    assert fragment in result.message, result.message


def test_every_state_field_is_carried_or_said_why_not() -> None:
    from dataclasses import fields

    from engine.codex.position import CARRIED, NOT_CARRIED
    from engine.codex.state import Building, Mod, Player, Thing

    for cls in (State, Player, Thing, Mod, Building):
        carried = set(CARRIED.get(cls.__name__, "").split())
        for f in fields(cls):
            assert f.name in carried or f"{cls.__name__}.{f.name}" in NOT_CARRIED, f"{cls.__name__}.{f.name}"
        assert carried <= {f.name for f in fields(cls)}, cls.__name__


def test_marks_that_name_other_things_follow_them_through_a_dump() -> None:
    """An Insurance Agent's insured unit and Terras Q's Warlocks are named by label, not by a uid."""
    t = Table(hero1=["vandy-anadrose", "bigby-hayes"])
    t.clear()
    t.gold(0, 20)
    t.put(0, "vandy-anadrose")
    t.put(0, "bigby-hayes")
    t.built(0, "tech1", "tech2", spec="demonology")
    t.built(0, "tech lab", spec="law")  # Insurance Agent is Law's
    t.put(1, "Hired Stomper")
    t.give(0, "Terras Q, the Shackled", "Insurance Agent")
    t.act("play Terras Q, the Shackled")
    t.act("play Insurance Agent")
    t.act("choose Hired Stomper")
    position = GAME.position_to_scenario(t.s, None, full=True)
    agent = next(x for x in position["in_play"] if x["card"].startswith("Insurance Agent"))
    terras = next(x for x in position["in_play"] if x["card"].startswith("Terras Q"))
    assert agent["marks"] == {"insuring": "Hired Stomper#1"} and len(terras["marks"]["warlock"]) == 4
    other = twin(t)
    same(t, other)
    (q,) = things(other, "terras-q-the-shackled")
    assert "can't attack" in other.kw(q)
    for x in (t, other):
        x.gold(0, 0)
        x.effect(0, [{"op": "destroy", "to": {"each": {"card": "warlock"}}}])
        x.effect(0, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    same(t, other)
    assert "can't attack" not in other.kw(q) and other.s.players[0].gold > 0


TURN = """
[position]
turn = 4

[position.this_turn]
played_from_hand = {p2 = 2}
arrived_from_hand = {p2 = 1}
buildings_built = {p2 = 1}
tower_detected = {p1 = 0}
looked_at_top = {p2 = "Spark#9"}
death_rites = ["p2"]
build_instantly = ["p2"]
promise_of_payment = ["p2"]
second_chance_used = ["Iron Man"]
cannot_level = ["Troq Bashar"]
stampede = ["Iron Man"]
first_rune_death = "Tenderfoot#9"
solo = "p2"
kill_gold = 1
auras = [{who = {kind = ["unit"], side = "you"}, add = ["haste"], controller = "p2"}]

[position.p1]
heroes = ["River Montoya"]
discard = ["Tenderfoot#9"]

[position.p2]
heroes = ["Troq Bashar"]
deck = ["Spark#9"]
in_play = ["Troq Bashar", "Iron Man"]
"""


def test_this_turns_facts_land_in_the_turn_flags_and_come_back_out() -> None:
    s = start(load_scenario('game = "codex"\n' + TURN, "c.toml"), {"codex": GAME}).state
    f = s.flags
    by_card = {th.card: th.uid for th in s.things.values()}
    (foot,) = s.players[0].discard
    assert f["played_from_hand"] == {"1": 2} and f["from_hand"] == {"1": 1} and f["builds"] == {"1": 1}
    assert f["tower"] == {"0": 0} and f["peeked"] == {"1": s.players[1].deck[-1]}
    assert f["death_rites"] == f["build instantly"] == f["promise"] == [1]
    assert f["second chances used"] == [f"{by_card['iron-man']}:{s.things[by_card['iron-man']].stamp}"]
    assert f["no_level"] == [by_card["troq-bashar"]] and f["first rune-marked death"] == [foot, -1]
    assert f["excess to base"] == [[by_card["iron-man"], s.things[by_card["iron-man"]].stamp]]
    assert f["solo"] == 1 and f["kill_gold"] == 1 and f["auras"][0]["ctl"] == 1
    assert "haste" in Q(s, catalog()).kw(s.things[by_card["iron-man"]])
    again = reload(s)
    assert view(again) == view(s)
    hidden = GAME.position_to_scenario(s, 0)["this_turn"]  # p1's view: p2's top card is theirs to know
    assert "looked_at_top" not in hidden and GAME.position_to_scenario(s, 1)["this_turn"]["looked_at_top"]


HEROES = [
    "argagarg-garg",
    "bigby-hayes",
    "calamandra-moss",
    "captain-zane",
    "drakk-ramhorn",
    "garth-torken",
    "garus-rook",
    "general-onimaru",
    "grave-stormborne",
    "jaina-stormborne",
    "master-midori",
    "max-geiger",
    "orpal-gloor",
    "prynn-pasternaak",
    "river-montoya",
    "setsuki-hiruki",
    "sirus-quince",
    "troq-bashar",
    "vandy-anadrose",
    "vir-garbarean",
]


@pytest.mark.parametrize(
    ("seed", "players", "mode"),
    [*((seed, 2, "auto") for seed in (0, 4, 16, 17, 32, 35, 91, 139)), *((seed, 5, "ffa") for seed in (9, 11, 13, 15))]
    + [(seed, 4, "2v2") for seed in (6, 8, 10)],
)
def test_dumps_of_games_with_every_colour_load_back(seed: int, players: int, mode: str) -> None:
    """Random games between many heroes (seeds that once found a gap), dumped now and then along the way."""
    options: dict[str, Any] = {"first_player": "p1", "mode": mode}
    picks = [seed, seed * 7 + 3] if players == 2 else [seed * (3 + i) + 5 * i for i in range(players)]
    options.update({f"hero{i + 1}": HEROES[n % 20] for i, n in enumerate(picks)})
    rng = random.Random(seed)
    state = GAME.setup(players, options, seed)
    for n in range(600 if players == 2 else 1500):
        if GAME.outcome(state) is not None:
            break
        if state.pending is None and not state.queue and state.phase == "main" and n % (7 if players == 2 else 11) == 0:
            data = {"game": "codex", "seed": seed, "players": players, "options": options}
            data["position"] = GAME.position_to_scenario(state, None, full=True)
            loaded = start(load_scenario(to_toml(data)), {"codex": GAME}).state
            assert view(loaded) == view(state), n
            assert all(legal(loaded, x) == legal(state, x) for x in range(players)), n
        seat = rng.choice(sorted(GAME.to_move(state)))
        state = GAME.apply(state, seat, choose(rng, GAME.legal_actions(state, seat))).state


@pytest.mark.parametrize("seed", [3, 5, 7, 10, 11, 212])
def test_play_goes_on_the_same_after_a_dump(seed: int) -> None:
    """The same moves made in a game and in its reloaded dump keep both the same: reshuffles, random
    discards and the order of choices go by the cards' order (`card_order`), new tokens number on from the
    copies gone (`copy_numbers`), a historian's trashed cards come back (seed 10), simultaneous triggers keep
    their order (seed 212: the dump keeps the order things came into play)."""
    options = {"first_player": "p1", "hero1": HEROES[seed % 20], "hero2": HEROES[(seed * 7 + 3) % 20]}
    rng = random.Random(seed)
    state = GAME.setup(2, options, seed)
    for n in range(300):
        if GAME.outcome(state) is not None:
            break
        if state.pending is None and not state.queue and state.phase == "main" and n % 23 == 0 and n:
            data = {"game": "codex", "seed": seed, "options": options}
            data["position"] = GAME.position_to_scenario(state, None, full=True)
            a, b = Table(), Table()
            a.s, b.s = state, start(load_scenario(to_toml(data)), {"codex": GAME}).state
            moves = random.Random(seed * 1000 + n)
            for _ in range(25):
                if GAME.outcome(a.s) is not None:
                    break
                seat = moves.choice(sorted(GAME.to_move(a.s)))
                text = GAME.describe_action(a.s, seat, choose(moves, GAME.legal_actions(a.s, seat)))
                a.act(text, seat)
                b.act(text, seat)
                same(a, b)
        seat = rng.choice(sorted(GAME.to_move(state)))
        state = GAME.apply(state, seat, choose(rng, GAME.legal_actions(state, seat))).state
