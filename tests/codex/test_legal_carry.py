"""A patrol plan's copy takes over its mover's other legal actions from the state before it (see
`Codex.apply_trusted`): they must be exactly what listing the copy afresh gives, and a position edited by
hand after the plan is listed afresh."""

from __future__ import annotations

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.playout import play


def test_after_every_patrol_plan_the_carried_actions_are_the_fresh_ones() -> None:
    carried = 0
    for seed, mode in ((3, "1-hero"), (4, "standard")):
        for played in play(GAME, 2, seed, {"mode": mode}):
            move = played.move
            if move is None or move.action is None or move.action.verb not in ("patrol", "unpatrol"):
                continue
            state = played.state
            memo = state.legal_memo
            if memo is not None and ("carried", move.seat) in memo:
                carried += 1
            fresh = state.clone()  # a copy lists everything anew
            for seat in range(len(state.players)):
                assert GAME.legal_actions(state, seat) == GAME.legal_actions(fresh, seat), (seed, played.index)
    assert carried > 50  # the playouts did take actions over


def _planned() -> tuple[Table, int]:
    """p1 on turn, 3 gold and a unit that may patrol, having listed its moves and made a patrol plan."""
    t = Table()
    t.clear(0)
    t.gold(0, 3)
    brother = t.put(0, "Older Brother")
    assert t.can("patrol Older Brother squad leader")
    t.act("patrol Older Brother squad leader")
    return t, brother


def test_a_field_set_by_hand_after_a_plan_is_listed_afresh() -> None:
    t, brother = _planned()
    t.legal()  # listed with the carried actions
    t.gold(0, 0)
    t.thing(brother).exhausted = True
    moves = t.legal()
    assert not any(m.startswith(("attack", "patrol", "worker", "build")) for m in moves), moves


def test_a_card_put_in_hand_by_hand_after_a_plan_is_listed_afresh() -> None:
    t, _ = _planned()
    assert not any(m.startswith("play") for m in t.legal())
    t.gold(0, 10)
    t.give(0, "Timely Messenger")
    assert t.can("play Timely Messenger")


def test_a_card_moved_between_zones_by_hand_is_listed_afresh() -> None:
    t, _ = _planned()
    t.gold(0, 10)
    (uid,) = t.give(0, "Timely Messenger", zone="discard")
    t.legal()
    p = t.s.players[0]
    p.discard.remove(uid)  # the same lists edited in place: no field is set anew
    p.hand.append(uid)
    assert t.can("play Timely Messenger")


def test_a_position_edited_by_hand_between_listing_and_the_plan_is_listed_afresh() -> None:
    t = Table()
    t.clear(0)
    t.gold(0, 3)
    t.put(0, "Older Brother")
    assert t.can("patrol Older Brother squad leader")  # listed before the edit
    t.s.players[0].gold = 10
    t.give(0, "Timely Messenger")
    t.act("patrol Older Brother squad leader")
    assert t.can("play Timely Messenger")
