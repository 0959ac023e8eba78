"""Scenario tests of the trial game's rules, so the platform tests built on it rest on known behaviour."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.core import (
    GAMES,
    Action,
    BadNotation,
    BadOptions,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    get_game,
    offered_games,
    rng_for,
)
from tests.fixtures.trial_game import (
    DIE_SALT,
    TRIAL,
    TrialGame,
    TrialState,
    card_count,
    card_id,
    deck_size,
    hidden_cards,
)

game = TRIAL


def bid(n: int) -> Action:
    return Action("bid", (n,))


def everyone_bids(state: TrialState, bids: list[int]) -> TrialState:
    for seat, n in enumerate(bids):
        if state.live[seat]:
            state = game.apply(state, seat, bid(n)).state
    return state


def with_die(state: TrialState, face: int) -> TrialState:
    """The same state with the random counter moved to a step whose die shows `face`."""
    step = next(s for s in range(1, 10_000) if rng_for(state.seed, s, DIE_SALT).randint(1, 6) == face)
    return dataclasses.replace(state, rng_step=step)


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


# ------------------------------------------------------------------------------------------- setup


def test_registered_but_never_offered() -> None:
    assert GAMES["trial"] is TRIAL and get_game("trial") is TRIAL
    assert TRIAL not in offered_games()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_three_private_cards_each(players: int) -> None:
    state = game.setup(players, {}, seed=7)
    assert all(len(h) == 3 for h in state.hands)
    assert card_count(state) == deck_size(players)
    assert len(state.deck) == deck_size(players) - 3 * players
    assert game.to_move(state) == frozenset(range(players))


def test_setup_is_fixed_by_the_seed() -> None:
    assert game.to_json(game.setup(3, {}, 1)) == game.to_json(game.setup(3, {}, 1))
    assert game.setup(3, {}, 1).deck != game.setup(3, {}, 2).deck


@pytest.mark.parametrize(
    ("players", "options", "needle"),
    [
        (1, {}, "2 to 5 players"),
        (6, {}, "2 to 5 players"),
        (3, {"rounds": 0}, "1 to 6"),
        (3, {"rounds": True}, "1 to 6"),
        (3, {"rounds": "3"}, "1 to 6"),
        (3, {"speed": 2}, "no option 'speed'"),
    ],
)
def test_bad_setups_are_refused(players: int, options: dict[str, object], needle: str) -> None:
    with pytest.raises(BadOptions, match=needle):
        game.setup(players, options, 1)


def test_opening_events_record_the_shuffle_for_nobody_and_each_hand_for_its_owner() -> None:
    state = game.setup(3, {}, 5)
    events = game.opening_events(state)
    shuffle = next(e for e in events if e.kind == "shuffle")
    assert shuffle.to == frozenset()
    assert not any(shuffle.visible_to(v) for v in (None, 0, 1, 2))
    dealt = [e for e in events if e.kind == "dealt"]
    assert [e.to for e in dealt] == [frozenset({s}) for s in range(3)]
    assert [e.data["cards"] for e in dealt] == [[card_id(c) for c in h] for h in state.hands]
    # The recorded order is the full deck before dealing: hands first, then what is left.
    order = shuffle.data["order"]
    assert order[9:] == [card_id(c) for c in state.deck]


# -------------------------------------------------------------------------------------- secret bids


def test_secret_bids_can_change_until_everyone_has_bid() -> None:
    state = game.setup(3, {}, 3)
    step = game.apply(state, 0, bid(2))
    assert game.to_move(step.state) == frozenset({1, 2})
    assert kinds(step.events) == ["bid", "bid_placed"]
    assert step.events[0].to == frozenset({0})
    state = game.apply(step.state, 0, bid(0)).state
    assert state.bids[0] == 0
    assert game.legal_actions(state, 0) == [bid(0), bid(1), bid(2)]
    state = game.apply(state, 1, bid(1)).state
    step = game.apply(state, 2, bid(2))
    assert step.state.phase == "play"
    assert "bids_revealed" in kinds(step.events)
    with pytest.raises(IllegalAction, match="not legal now"):
        game.apply(step.state, 0, bid(1))


def test_a_changed_bid_is_not_announced_to_others() -> None:
    state = game.apply(game.setup(3, {}, 3), 0, bid(2)).state
    step = game.apply(state, 0, bid(1))
    assert [e.to for e in step.events] == [frozenset({0})]


def test_others_see_only_whether_a_seat_has_bid() -> None:
    state = game.apply(game.setup(3, {}, 3), 0, bid(2)).state
    for viewer in (None, 1, 2):
        view = game.view(state, viewer)
        assert [s["bid"] for s in view["seats"]] == ["has bid", "not yet", "not yet"]
        assert view.get("you", {}).get("bid") is None
    assert game.view(state, 0)["you"]["bid"] == 2
    state = everyone_bids(state, [2, 0, 1])
    assert [s["bid"] for s in game.view(state, None)["seats"]] == [2, 0, 1]


def test_a_seat_that_has_bid_is_told_it_may_only_change_its_bid() -> None:
    state = game.apply(game.setup(2, {}, 3), 0, bid(1)).state
    with pytest.raises(IllegalAction, match=r"You have bid 1; .* bid 0, bid 1, bid 2"):
        game.apply(state, 0, Action("pass"))


# ------------------------------------------------------------------------------------------- turns


def test_play_rolls_a_public_die_and_draws_a_private_card() -> None:
    state = everyone_bids(game.setup(2, {}, 11), [1, 1])
    active = state.queue[0]
    card = state.hands[active][0]
    top = state.deck[0]
    step = game.apply(with_die(state, 4), active, Action("play", (card,)))
    roll = next(e for e in step.events if e.kind == "roll")
    assert roll.to is None and roll.data["die"] == 4 and not roll.data["spoiled"]
    drew = next(e for e in step.events if e.kind == "drew")
    assert drew.to == frozenset({active}) and drew.data["card"] == card_id(top)
    assert top in step.state.hands[active] and card in step.state.played[active]
    assert step.state.queue[0] != active


def test_a_spoiled_card_scores_nothing_but_counts_for_the_bid() -> None:
    state = everyone_bids(game.setup(2, {"rounds": 1}, 11), [1, 0])
    a, b = state.queue[0], state.queue[1]
    state = dataclasses.replace(state, bids=[1 if s == a else 0 for s in range(2)])
    card = state.hands[a][0]
    state = game.apply(with_die(state, 1), a, Action("play", (card,))).state
    assert card in state.spoiled
    for seat in (b, a, b):
        state = game.apply(state, seat, Action("pass")).state
    assert state.scores[a] == 5 and state.scores[b] == 5
    assert game.outcome(state) is not None and game.outcome(state).reason == "draw"


def test_a_demand_is_owed_by_the_target_not_the_active_seat() -> None:
    state = everyone_bids(game.setup(3, {}, 21), [0, 0, 0])
    active = state.queue[0]
    target = (active + 2) % 3
    step = game.apply(state, active, Action("demand", (target,)))
    state = step.state
    assert game.to_move(state) == frozenset({target})
    assert game.legal_actions(state, target) == [Action("give", (c,)) for c in state.hands[target]]
    assert game.legal_actions(state, active) == []
    with pytest.raises(NotYourTurn, match=f"waiting on p{target + 1}"):
        game.apply(state, active, Action("pass"))
    assert game.view(state, None)["pending"] == {"giver": f"p{target + 1}", "taker": f"p{active + 1}"}
    card = state.hands[target][-1]
    step = game.apply(state, target, Action("give", (card,)))
    assert card in step.state.hands[active] and card not in step.state.hands[target]
    gave = next(e for e in step.events if e.kind == "gave")
    assert gave.to == frozenset({active, target})
    public = [game.describe_event(e, None) for e in step.events if e.visible_to(None)]
    assert all(card_id(card) not in (text or "") for text in public)
    assert game.to_move(step.state) == frozenset({step.state.queue[0]}) != frozenset({active})


def test_a_seat_may_demand_only_once_a_round() -> None:
    state = everyone_bids(game.setup(2, {}, 21), [0, 0])
    a, b = state.queue[0], state.queue[1]
    state = game.apply(state, a, Action("demand", (b,))).state
    state = game.apply(state, b, Action("give", (state.hands[b][0],))).state
    state = game.apply(state, b, Action("pass")).state
    assert Action("demand", (b,)) not in game.legal_actions(state, a)


def test_rounds_end_with_scoring_and_the_cap_ends_the_game() -> None:
    state = game.setup(2, {"rounds": 2}, 4)
    for _ in range(2):
        state = everyone_bids(state, [0, 0])
        while state.phase == "play":
            state = game.apply(state, state.queue[0], Action("pass")).state
    result = game.outcome(state)
    assert result is not None and result.reason == "draw" and result.winners == frozenset({0, 1})
    assert state.scores == [10, 10]
    assert game.to_move(state) == frozenset()
    with pytest.raises(GameOver):
        game.apply(state, 0, Action("pass"))


# ---------------------------------------------------------------------------------------- resigning


def test_with_three_seats_a_resignation_drops_the_seat_and_play_goes_on() -> None:
    state = everyone_bids(game.setup(3, {}, 8), [1, 1, 1])
    active = state.queue[0]
    hand = list(state.hands[active])
    step = game.resign(state, active)
    after = step.state
    assert game.outcome(after) is None
    assert not after.live[active] and active not in after.queue
    assert set(hand) <= set(after.buried) and card_count(after) == card_count(state)
    assert active not in game.to_move(after)
    assert hidden_cards(after, None) >= {card_id(c) for c in hand}
    with pytest.raises(NotYourTurn, match="left this game"):
        game.apply(after, active, Action("pass"))
    with pytest.raises(IllegalAction, match="already left"):
        game.resign(after, active)
    # The next resignation leaves one seat, which wins.
    last = game.resign(after, after.queue[0]).state
    result = game.outcome(last)
    assert result is not None and result.reason == "resign" and len(result.winners) == 1


def test_with_two_seats_a_resignation_ends_the_game() -> None:
    state = game.setup(2, {}, 8)
    result = game.outcome(game.resign(state, 1).state)
    assert result is not None and result.winners == frozenset({0}) and result.reason == "resign"
    assert game.outcome(state) is None


def test_a_resignation_can_complete_the_bids() -> None:
    state = game.setup(3, {}, 8)
    state = game.apply(state, 0, bid(1)).state
    state = game.apply(state, 1, bid(1)).state
    step = game.resign(state, 2)
    assert step.state.phase == "play" and "bids_revealed" in kinds(step.events)


def test_a_target_that_resigns_cancels_the_demand_and_the_demanders_turn() -> None:
    state = everyone_bids(game.setup(4, {}, 9), [0, 0, 0, 0])
    active = state.queue[0]
    target = (active + 1) % 4
    state = game.apply(state, active, Action("demand", (target,))).state
    after = game.resign(state, target).state
    assert after.owed_by is None and after.queue[0] not in (active, target)
    assert game.to_move(after) == frozenset({after.queue[0]})


def test_a_demander_that_resigns_releases_the_target() -> None:
    state = everyone_bids(game.setup(3, {}, 9), [0, 0, 0])
    active = state.queue[0]
    target = (active + 1) % 3
    state = game.apply(state, active, Action("demand", (target,))).state
    after = game.resign(state, active).state
    assert after.owed_by is None
    assert game.to_move(after) == frozenset({after.queue[0]})


# ---------------------------------------------------------------------------------- notation, errors


def test_notation_reads_as_documented() -> None:
    state = everyone_bids(game.setup(3, {}, 2), [0, 0, 0])
    seat = state.queue[0]
    texts = [game.describe_action(state, seat, a) for a in game.legal_actions(state, seat)]
    assert texts[:3] == [f"play {c}" for c in state.hands[seat]]
    assert texts[-1] == "pass"
    assert {t for t in texts if t.startswith("demand")} == {f"demand p{s + 1}" for s in range(3) if s != seat}
    assert game.describe_action(state, seat, bid(2)) == "bid 2"
    assert game.describe_action(state, seat, Action("give", (4,))) == "give 4"


def test_parsing_names_the_problem() -> None:
    state = everyone_bids(game.setup(3, {}, 2), [0, 0, 0])
    seat = state.queue[0]
    other = state.queue[1]
    card = state.hands[seat][0]
    assert game.parse_action(state, seat, f"  PLAY   {card} ") == Action("play", (card,))
    assert game.parse_action(state, seat, "Pass") == Action("pass")
    with pytest.raises(BadNotation, match=r"not Trial notation\. Actions look like: bid N"):
        game.parse_action(state, seat, "fold")
    # Well formed but not legal now: refused, and not as a typo.
    with pytest.raises(IllegalAction, match="Legal now: play") as refused:
        game.parse_action(state, seat, "play 999")
    assert not isinstance(refused.value, BadNotation)
    with pytest.raises(BadNotation, match="Legal now:"):
        game.parse_action(state, seat, "demand")
    with pytest.raises(NotYourTurn, match=f"waiting on p{seat + 1}"):
        game.parse_action(state, other, "pass")
    with pytest.raises(BadNotation, match="Type an action"):
        game.parse_action(state, seat, "   ")
    # The start of an action is never completed: `pa` is no notation, and `pass` is offered.
    with pytest.raises(BadNotation, match=r"Did you mean `pass`\?"):
        game.parse_action(state, seat, "pa")


def test_errors_say_what_is_legal_now() -> None:
    state = everyone_bids(game.setup(2, {}, 2), [0, 0])
    seat = state.queue[0]
    legal = r"Legal now: play .*pass\."
    with pytest.raises(IllegalAction, match=rf"`play 999` is not legal now: card 999 is not in your hand\. {legal}"):
        game.apply(state, seat, Action("play", (999,)))
    with pytest.raises(NotYourTurn, match=f"It is not your move; waiting on p{seat + 1}."):
        game.apply(state, 1 - seat, Action("pass"))
    with pytest.raises(IllegalAction, match="not legal now: nobody is waiting for a card from you"):
        game.apply(state, seat, Action("give", (state.hands[seat][0],)))


def test_views_show_own_hand_and_only_counts_of_others() -> None:
    state = game.setup(3, {}, 6)
    for viewer in (0, 1, 2):
        view = game.view(state, viewer)
        assert view["you"]["hand"] == [card_id(c) for c in state.hands[viewer]]
        assert [s["hand"] for s in view["seats"]] == [3, 3, 3]
        text = json.dumps(view)
        for other in {0, 1, 2} - {viewer}:
            assert not any(f'"{c}"' in text for c in hidden_cards(state, other))
    assert "you" not in game.view(state, None)


def test_summaries_never_name_another_seats_cards() -> None:
    state = game.setup(2, {}, 6)
    for event in game.opening_events(state):
        for viewer in (None, 0, 1):
            text = game.describe_event(event, viewer) or ""
            others = set().union(*(hidden_cards(state, s) for s in (0, 1) if s != viewer))
            assert not any(c in text.replace(",", " ").replace(".", " ").split() for c in others)
    dealt = next(e for e in game.opening_events(state) if e.kind == "dealt")
    assert game.describe_event(dealt, 1) is None
    assert game.describe_event(dealt, 0) == f"You are dealt {', '.join(card_id(c) for c in state.hands[0])}."


# ---------------------------------------------------------------------------------------- snapshots


def test_a_schema_1_snapshot_upgrades_to_schema_2() -> None:
    state = everyone_bids(game.setup(3, {}, 12), [1, 2, 0])
    current = game.to_json(state)
    old = {k: v for k, v in current.items() if k != "scores"} | {"points": current["scores"]}
    frozen = json.dumps(old, sort_keys=True)
    upgraded = game.upgrade(old, 1)
    assert upgraded == current
    assert json.dumps(old, sort_keys=True) == frozen
    assert game.to_json(game.from_json(upgraded)) == current
    assert game.upgrade(current, TrialGame.schema_version) == current
    with pytest.raises(ValueError, match="no upgrade from snapshot schema 7"):
        game.upgrade(current, 7)


def test_from_json_refuses_a_foreign_snapshot() -> None:
    with pytest.raises(ValueError, match="not a Trial snapshot"):
        game.from_json({"points": [0, 0]})


def test_from_json_does_not_share_lists_with_its_input() -> None:
    data = game.to_json(game.setup(2, {}, 1))
    state = game.from_json(data)
    state.hands[0].clear()
    assert data["hands"][0]


def test_view_lines_show_the_viewers_hand_bid_and_pending_choice() -> None:
    state = game.setup(3, {}, 6)
    lines = game.view_lines(game.view(state, 1))
    assert f"Your hand: {', '.join(card_id(c) for c in state.hands[1])}." in lines
    assert any(line.startswith("Bid in secret") for line in lines)
    state = game.apply(state, 1, bid(2)).state
    assert "Your bid: 2; you may change it until everyone has bid." in game.view_lines(game.view(state, 1))
    assert not any("hand" in line.lower() or "bid:" in line for line in game.view_lines(game.view(state, None)))
    state = everyone_bids(state, [0, 2, 0])
    active = state.queue[0]
    target = (active + 1) % 3
    state = game.apply(state, active, Action("demand", (target,))).state
    mine = game.view_lines(game.view(state, target))
    assert f"p{active + 1} demands a card: choose one to give." in mine
    assert f"p{active + 1} waits for p{target + 1} to give a card." in game.view_lines(game.view(state, None))
