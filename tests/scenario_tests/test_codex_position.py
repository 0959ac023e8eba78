"""Codex positions (engine/codex/position.py): what each key sets, the errors with their lines, the
readable projection, events, and dump -> load round trips over random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.codex import GAME, Codex
from engine.core import Game
from engine.scenario import ERROR, load_hooks, load_scenario, run_scenario, to_toml
from engine.scenario.runner import start
from tests.codex.random_play import choose

engine.load_games()
load_hooks(GAME)


def state_of(text: str) -> Any:
    return start(load_scenario('game = "codex"\n' + text, "c.toml"), {"codex": GAME}).state


def projection(text: str) -> dict[str, Any]:
    return GAME.scenario_projection(state_of(text))


def test_the_hooks_are_attached_to_the_codex_class() -> None:
    for name in ("position_from_scenario", "scenario_projection", "position_to_scenario", "scenario_event"):
        assert getattr(Codex, name) is not getattr(Game, name), name


FULL = """
[position]
turn = 4
active = "p2"
rng = 9

[position.this_turn]
spells_played = {p2 = 1}
detected = {p2 = ["Backstabber"]}

[position.p1]
heroes = ["River Montoya"]
gold = 7
workers = 6
worker_cards = ["Wither"]
base = {damage = 5}
tech1 = "built"
tech2 = {status = "building", damage = 1}
tech2_spec = "finesse"
addon = {kind = "tower", damage = 2}
hand = ["Spark", "Bloom#3"]
deck = ["Tenderfoot", "Older Brother"]
discard = ["Fruit Ninja"]
removed = ["Brick Thief"]
codex = {Maestro = 1, Backstabber = 2}
future = {Plasmodium = 2}
tech_pick = ["Maestro", "Backstabber"]

[[position.p1.in_play]]
card = "Backstabber"
damage = 1
runes = 1
exhausted = true
patrol = "elite"

[[position.p1.in_play]]
card = "Iron Man#4"
owner = "p2"
arrived_this_turn = true
marks = {sword = 1}

[position.p2]
gold = 3
command = []
hand = []
cooldown = {}
in_play = [
    {card = "Troq Bashar", level = 6, damage = 1, attacked_this_turn = true},
    {card = "Harmony", caster = "Troq Bashar"},
]
"""


def test_every_key_of_a_position_lands_where_it_should() -> None:
    p = projection(FULL)
    assert (p["turn"], p["active"], p["phase"], p["rng"], p["first"]) == (4, "p2", "main", 9, "p1")
    assert p["this_turn"]["spells_played"] == {"p2": 1} and p["this_turn"]["detected"] == {"p2": ["Backstabber#1"]}
    one = p["p1"]
    assert (one["gold"], one["workers"], one["worker_cards"], one["base"]) == (
        7,
        6,
        ["Wither#1"],
        {"damage": 5, "hp": 20},
    )
    assert one["tech1"]["status"] == "built" and one["tech2"] == {
        "kind": "tech2", "status": "building", "damage": 1, "hp": 5, "spec": None,
    }  # fmt: skip
    assert one["addon"]["kind"] == "tower" and one["addon"]["damage"] == 2 and one["tech2_spec"] == "finesse"
    assert one["hand"] == ["Spark#1", "Bloom#3"] and one["deck"] == ["Tenderfoot#1", "Older Brother#1"]
    assert one["discard"] == ["Fruit Ninja#1"] and one["removed"] == ["Brick Thief#1"]
    assert one["codex"] == {"Backstabber": 2, "Maestro": 1} and one["future"] == {"Plasmodium#1": 2}
    assert one["tech_open"] and one["tech_pick"] == ["Maestro", "Backstabber"]
    assert one["command"] == ["River Montoya#1"] and one["patrol"]["elite"] == "Backstabber#1"
    back, iron = one["in_play"]
    # 3/3, +1/+1 rune, and +1 ATK as the elite on P2's turn
    assert (back["damage"], back["runes"], back["exhausted"], back["atk"], back["hp"]) == (1, 1, True, 5, 4)
    assert (iron["label"], iron["owner"], iron["controller"], iron["arrived_this_turn"]) == (
        "Iron Man#4",
        "p2",
        "p1",
        True,
    )
    assert iron["marks"] == {"sword": 1}
    two = p["p2"]
    troq, harmony = two["in_play"]
    assert (troq["level"], troq["damage"], troq["attacked_this_turn"], troq["atk"]) == (6, 1, True, 3)
    assert harmony["caster"] == "Troq Bashar#1" and two["command"] == [] and two["hand"] == []
    assert two["turns"] == 2 and one["turns"] == 2


def test_omitted_parts_take_the_normal_setup() -> None:
    p = projection("[position]\n")
    setup = GAME.setup(2, {"first_player": "p1"}, 0)
    q = GAME.scenario_projection(setup)
    for key in ("turn", "active", "phase", "rng"):
        assert p[key] == q[key]
    for seat in ("p1", "p2"):
        for key in ("gold", "workers", "hand", "deck", "codex", "command", "heroes"):
            assert p[seat][key] == q[seat][key], (seat, key)


def test_a_random_deck_order_is_drawn_from_the_seed() -> None:
    text = (
        '[position.p1]\nhand = []\ndeck = ["Spark", "Bloom", "Wither", "Tenderfoot", "Older Brother", "Fruit Ninja"]\n'
    )
    decks = {tuple(projection(f"seed = {s}\n" + text + 'deck_order = "random"\n')["p1"]["deck"]) for s in range(6)}
    assert len(decks) > 1 and all(sorted(d) == sorted(next(iter(decks))) for d in decks)
    assert projection(text)["p1"]["deck"][0] == "Spark#1"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (
            '[position.p1]\nhand = ["Tendrefoot"]\n',
            3,
            "there is no card called 'Tendrefoot' (did you mean \"Tenderfoot\"?)",
        ),
        ("[position.p1]\nglod = 3\n", 3, 'unknown key `glod` in p1 (did you mean "gold"?)'),
        ('[position]\nphase = "upkeep"\n', 3, '`phase` cannot be "upkeep"'),
        ('[position.p1]\nhand = ["Spark#2", "Spark#2"]\n', 3, "Spark#2 is placed twice"),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", damage = 2}]\n', 3, "would already be dead"),
        (
            '[position.p1]\nin_play = [\n  {card = "Tenderfoot", patrol = "elite"},\n'
            '  {card = "Iron Man", patrol = "elite"},\n]\n',
            5,
            "p1's elite slot is already taken",
        ),
        ('[position.p1]\nin_play = [{card = "Tenderfoot", level = 2}]\n', 3, "only heroes have levels"),
        ('[position.p1]\nin_play = ["Spark"]\n', 3, "Spark is a spell that does not stay in play"),
        ('[position.p1]\nheroes = ["River Montoya"]\nin_play = ["Harmony"]\n', 4, "Harmony is channeled by a hero"),
        ('[position.p2]\ncooldown = {"Troq Bashar" = 1}\n', 3, "Troq Bashar is not in p2's command zone"),
        ('[position.p1]\ncommand = ["Troq Bashar"]\nin_play = ["Troq Bashar"]\n', 3, "both in play and in the command"),
        ('[position.p1]\nin_play = ["Iron Man", "Troq Bashar", "Troq Bashar"]\n', 3, "legendary"),
        ('[position]\nin_play = [{card = "Iron Man"}]\n', 3, "needs `controller"),
        ('[position.p1]\ntech1 = "half"\n', 3, '`tech1` cannot be "half"'),
        ('[position.p1]\nheroes = ["Baron Nobody"]\n', 3, "there is no hero called"),
        ("[position.p1]\ngold = 25\n", 3, "`gold` must be from 0 to 20"),
        (
            '[position.p1]\nin_play = [{card = "Two Step", links = ["Older Brother"]}, "River Montoya"]\n',
            3,
            "Older Brother is not in play",
        ),
        ('[position]\nactive = "p3"\n', 3, "there is no seat p3"),
    ],
)
def test_position_mistakes_name_the_line(text: str, line: int, fragment: str) -> None:
    result = run_scenario(load_scenario('game = "codex"\n' + text, "c.toml"))
    assert result.status == ERROR
    assert fragment in result.message
    assert result.line == line


def test_the_start_phase_runs_the_turn_start_during_loading() -> None:
    p = projection('[position]\nturn = 3\nphase = "start"\n[position.p1]\ngold = 1\nworkers = 5\n')
    assert p["phase"] == "main" and p["p1"]["gold"] == 6 and p["p1"]["turns"] == 2


def test_events_read_with_names_and_seats() -> None:
    text = 'game = "codex"\n[position.p1]\nin_play = ["Iron Man"]\n[position.p2]\nin_play = ["Tenderfoot"]\n'
    text += '[[steps]]\ndo = "attack Iron Man -> Tenderfoot"\nexpect = [\n'
    text += '  \'events("attack")[0].uid = "Iron Man#1"\', \'events("attack")[0].target = "Tenderfoot#1"\',\n'
    text += '  \'events("attack")[0].seat = "p1"\', \'events("leave")[0].died\',\n'
    text += '  \'events("leave", p2) contains "Tenderfoot"\',\n]\n'
    result = run_scenario(load_scenario(text))
    assert result.status == "passed", result.message
    assert result.checks == 5


# ---------------------------------------------------------------------------------------------- round trip


def playout(seed: int, moves: int, players: int = 2, mode: str = "auto") -> list[Any]:
    rng = random.Random(seed)
    state = GAME.setup(players, {"first_player": "p1", "mode": mode}, seed)
    out = []
    for _ in range(moves):
        waiting = sorted(GAME.to_move(state))
        if not waiting:
            break
        if state.pending is None and not state.queue and state.phase in ("main", "await_tech"):
            out.append(state)
        seat = rng.choice(waiting)
        legal = GAME.legal_actions(state, seat)
        # Larger tables play towards the fight, so the positions have patrols, lent fighters and damage.
        state = GAME.apply(state, seat, rng.choice(legal) if mode == "auto" else choose(rng, legal)).state
    return out


def legal_texts(state: Any, seat: int) -> list[str]:
    return [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]


@pytest.mark.parametrize("seed", range(4))
def test_a_full_dump_loads_back_to_the_same_position(seed: int) -> None:
    states = playout(seed, 90)
    assert states
    for state in states[::3]:
        data = {"game": "codex", "seed": seed, "options": {"first_player": "p1"}}
        data["position"] = GAME.position_to_scenario(state, None, full=True)
        loaded = start(load_scenario(to_toml(data)), {"codex": GAME}).state
        assert GAME.scenario_projection(loaded) == GAME.scenario_projection(state)
        for seat in (0, 1):
            assert legal_texts(loaded, seat) == legal_texts(state, seat)
        assert GAME.card_count(loaded) == GAME.card_count(state)


@pytest.mark.parametrize(("mode", "players", "seed"), [("2v2", 4, 1), ("ffa", 3, 2), ("ffa", 5, 3)])
def test_team_and_free_for_all_dumps_load_back(mode: str, players: int, seed: int) -> None:
    states = playout(seed, 400, players, mode)
    assert states
    for state in states[::25]:
        data = {"game": "codex", "seed": seed, "players": players, "options": {"first_player": "p1"}}
        data["position"] = GAME.position_to_scenario(state, None, full=True)
        assert data["position"]["mode"] == mode
        loaded = start(load_scenario(to_toml(data)), {"codex": GAME}).state
        assert GAME.scenario_projection(loaded) == GAME.scenario_projection(state)
        for seat in range(players):
            assert legal_texts(loaded, seat) == legal_texts(state, seat)


def test_a_dump_for_one_seat_hides_the_other_seats_secrets_and_still_loads() -> None:
    state = playout(2, 40)[-1]
    position = GAME.position_to_scenario(state, 0)
    mine, theirs = position["p1"], position["p2"]
    assert isinstance(mine["hand"], list) and isinstance(mine["deck"], int)
    assert isinstance(theirs["hand"], int) and isinstance(theirs["discard"], int) and "codex" not in theirs
    assert "tech_pick" not in theirs
    text = to_toml({"game": "codex", "options": {"first_player": "p1"}, "position": position})
    for secret in GAME.hidden_cards(state, 1):
        assert f'"{secret}"' not in text
    loaded = start(load_scenario(text), {"codex": GAME}).state
    assert legal_texts(loaded, 0) == legal_texts(state, 0)
    assert len(loaded.players[1].hand) == len(state.players[1].hand)


def test_a_public_dump_hides_both_hands_and_codexes() -> None:
    state = playout(3, 30)[-1]
    position = GAME.position_to_scenario(state, None)
    for seat in ("p1", "p2"):
        table = position[seat]
        assert isinstance(table["hand"], int) and isinstance(table["deck"], int) and "codex" not in table
    text = to_toml({"game": "codex", "position": position})
    for seat in (0, 1, None):
        for secret in GAME.hidden_cards(state, seat):
            assert f'"{secret}"' not in text
