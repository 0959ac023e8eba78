"""The board's "last turn": the view tells what the turn in progress did once its player has acted, else
the turn before; only public events, nothing of Samael's turn, and it survives a snapshot."""

from __future__ import annotations

from engine.ascension import GAME
from tests.ascension.helpers import act, position, sentences

ROW = ["Arha Initiate", "Mephit", "Wolf Shaman", "Shadow Star", "Earth Tyrant", "Landtalker"]
DECK = ["Militia", *["Apprentice"] * 8, "Militia"]


def kinds_of(view: dict) -> list[str]:  # type: ignore[type-arg]
    return [e["kind"] for e in view["last_turn"]["events"]]


def test_the_view_tells_the_turn_before_until_the_next_player_acts() -> None:
    s = position(
        p1={"hand": ["Mystic", "Heavy Infantry"], "deck": DECK},
        p2={"hand": ["Apprentice"], "deck": ["Militia", *["Apprentice"] * 7, "Militia"]},
        row=ROW,
        turn={"power": 3},
    )
    s, _ = act(s, "play Mystic", "buy Arha Initiate", "defeat Mephit")
    now = GAME.view(s, None)["last_turn"]
    assert now["player"] == "p1" and now["current"] is True
    s, _ = act(s, "skip")  # Mephit's optional banish
    s, _ = act(s, "end")
    before = GAME.view(s, None)["last_turn"]
    assert before["player"] == "p1" and before["current"] is False and before["round"] == 1
    kinds = [e["kind"] for e in before["events"]]
    assert kinds[:3] == ["play", "gain", "acquire"] and "defeat" in kinds and kinds[-1] == "end_turn"
    assert {"kind": "honor", "player": "p1", "n": 2} in before["events"]
    assert {"kind": "defeat", "player": "p1", "card": "Mephit", "free": False} in before["events"]
    assert before["events"][-1] == {"kind": "end_turn", "player": "p1", "kept": ["Heavy Infantry"]}
    assert "draw" not in kinds and "drew" not in kinds and "refill" not in kinds
    s, _ = act(s, "play Apprentice")
    assert GAME.view(s, None)["last_turn"]["player"] == "p2"
    assert GAME.view(s, None)["last_turn"]["events"] == [
        {"kind": "play", "player": "p2", "card": "Apprentice"},
        {"kind": "gain", "player": "p2", "what": "runes", "n": 1},
    ]


def test_samael_is_not_part_of_the_players_turn() -> None:
    s = position(1, p1={"hand": ["Mystic"], "deck": DECK}, row=ROW)
    s, _ = act(s, "play Mystic", "end")
    told = GAME.view(s, None)["last_turn"]
    assert told["player"] == "p1" and [e["kind"] for e in told["events"]] == ["play", "gain", "end_turn"]
    assert len(GAME.view(s, None)["samael"]["last"]) == 2


def test_a_new_match_has_no_story_yet_and_the_story_survives_a_snapshot() -> None:
    s = GAME.setup(3, GAME.default_options(), 5)
    assert GAME.view(s, None)["last_turn"] is None
    mover = next(iter(GAME.to_move(s)))
    step = GAME.apply(s, mover, GAME.parse_action(s, mover, "end"))
    again = GAME.from_json(GAME.to_json(step.state))
    assert GAME.view(again, None)["last_turn"] == GAME.view(step.state, None)["last_turn"]
    assert GAME.view(again, None)["last_turn"]["events"][0]["kind"] == "end_turn"
    assert GAME.view(s, None)["last_turn"] is None, "apply must not change the state it was given"


def test_an_older_snapshot_without_a_story_still_loads() -> None:
    data = GAME.to_json(GAME.setup(2, GAME.default_options(), 5))
    del data["story"], data["last_story"]
    assert GAME.view(GAME.from_json(data), None)["last_turn"] is None


def test_the_empty_reserve_says_when_the_game_ends_solo_and_with_others() -> None:
    solo = position(1, p1={"hand": ["Militia"], "deck": DECK[:-1]}, reserve=1, turn={"power": 2})
    solo, events = act(solo, "defeat Cultist")
    assert "The Honor reserve is empty: the game ends at the end of this turn." in sentences(events)
    told = GAME.view(solo, None)["last_turn"]["events"]
    assert {"kind": "reserve_empty", "player": "p1", "ends": "turn"} in told
    table = position(3, reserve=1, turn={"power": 2})
    table, events = act(table, "defeat Cultist")
    assert "The Honor reserve is empty: the game ends after this round." in sentences(events)
