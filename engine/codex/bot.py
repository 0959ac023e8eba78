"""What the greedy bot values in Codex, read from one seat's view: hit bases, kill what it can, spend gold on
the dearest card it can play, build towards tech, and end the turn last. A bot to practise against and to
fill a seat, not a strong player."""

from __future__ import annotations

from typing import Any

from engine.core import JSON, Action

VERB_SCORES: dict[str, float] = {
    "attack": 60.0,
    "summon": 55.0,
    "play": 40.0,
    "build": 35.0,
    "level": 30.0,
    "ability": 25.0,
    "worker": 20.0,
    "repair": 15.0,
    "detect": 12.0,
    "patrol": 10.0,
    "choose": 5.0,
    "tech": 5.0,
    "destroy": -1.0,
    "unpatrol": -1.0,
    "end": 0.0,
}


def greedy_score(view: JSON, seat: int, action: Action) -> float:
    score = VERB_SCORES.get(action.verb, 1.0)
    things = {t["uid"]: t for t in view.get("in_play", []) if isinstance(t, dict) and "uid" in t}
    if action.verb == "attack" and len(action.args) >= 2:
        target = action.args[1]
        if isinstance(target, str) and target.endswith("base"):
            return score + 40.0  # damage to a base is what wins
        defender = things.get(target) if isinstance(target, int) else None
        if defender is not None:
            left = int(defender.get("hp") or 0) - int(defender.get("damage") or 0)
            attacker = things.get(action.args[0]) if isinstance(action.args[0], int) else None
            lethal = attacker is not None and int(attacker.get("atk") or 0) >= left
            return score + (20.0 if lethal else 0.0) + float(defender.get("atk") or 0)
        return score
    if action.verb == "play" and action.args:
        card = _hand_card(view, action.args[0])
        return score + float(card.get("cost") or 0) if card else score
    if action.verb == "patrol" and len(action.args) >= 2:
        # Only fill an empty slot with a fighter not yet planned: moving patrollers about never ends.
        plan = _player(view, seat).get("patrol") or {}
        fighter = things.get(action.args[0], {}).get("label")
        return score if plan.get(action.args[1]) is None and fighter not in plan.values() else -1.0
    if action.verb == "worker":
        return score if int(_player(view, seat).get("workers") or 0) < 8 else -1.0  # enough: keep the cards
    return score


def _hand_card(view: JSON, uid: Any) -> dict[str, Any] | None:
    you = view.get("you") or {}
    return next((c for c in you.get("hand", []) if c.get("uid") == uid), None)


def _player(view: JSON, seat: int) -> dict[str, Any]:
    players = view.get("players") or []
    return players[seat] if 0 <= seat < len(players) else {}
