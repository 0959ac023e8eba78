"""Sentences of the turn summary, one per event, from the catalogue (locales/en/crown.ftl). Events already
name participants, areas and cards as players read them (engine/crown/ctx.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event
from engine.i18n import Msg, listing, t

Data = Mapping[str, Any]


def _what(d: Data) -> Msg:
    return listing(t("crown-amount", n=n, what=k) for k, n in d["what"].items())


def _names(items: Any) -> Msg:
    return listing(str(x) for x in items) if items else t("crown-nobody")


SENTENCES: dict[str, Callable[[Data], Msg]] = {
    "lords": lambda d: t("crown-ev-lords", lords=listing(str(x) for x in d["lords"])),
    "refill": lambda d: t("crown-ev-refill", warrior=d["warrior"], slot=d["slot"], deck=d["deck"]),
    "display_empty": lambda d: t("crown-ev-display-empty", slot=d["slot"]),
    "ai_citadel": lambda d: t("crown-ev-ai-citadel", warrior=d["warrior"], level=d["level"]),
    "fate": lambda d: t("crown-ev-fate", fate=d["fate"]),
    "start_building": lambda d: t(
        "crown-ev-start-building", side=d["side"], building=d["building"], area=d["area"], warrior=d["warrior"] or "-"
    ),
    "stack_shuffle": lambda d: t("crown-ev-stack-shuffle", n=d["n"]),
    "offer": lambda d: t("crown-ev-offer", building=d["building"]),
    "round": lambda d: t("crown-ev-round", round=d["round"], order=listing(str(x) for x in d["order"])),
    "turn": lambda d: t("crown-ev-turn", side=d["side"], left=d["left"]),
    "ai_vp": lambda d: t("crown-ev-ai-vp", side=d["side"], vp=d["vp"], why=d["why"]),
    "gain": lambda d: t("crown-ev-gain", side=d["side"], what=_what(d), why=d["why"]),
    "prepare": lambda d: t("crown-ev-prepare", side=d["side"], warrior=d["warrior"]),
    "robot_home": lambda d: t("crown-ev-robot-home", warrior=d["warrior"], deck=d["deck"]),
    "defenders": lambda d: t("crown-ev-defenders", side=d["side"], area=d["area"], warriors=_names(d["warriors"])),
    "control": lambda d: t("crown-ev-control", side=d["side"], area=d["area"]),
    "resurrect": lambda d: t("crown-ev-resurrect", side=d["side"], warriors=_names(d["warriors"])),
    "grave_to_hand": lambda d: t("crown-ev-grave-to-hand", side=d["side"], n=len(d["warriors"])),
    "offer_cleared": lambda d: t("crown-ev-offer-cleared"),
    "deciding": lambda d: t("crown-ev-deciding", side=d["side"]),
    "order_roll": lambda d: t("crown-ev-order-roll", rolls=listing(f"{k} {v}" for k, v in d["rolls"].items())),
    "round_score": lambda d: t(
        "crown-ev-round-score", side=d["side"], buildings=d["buildings"], citadel=d["citadel"], vp=d["vp"]
    ),
    "final": lambda d: t(
        "crown-ev-final",
        side=d["side"],
        fate=d["fate"] or "-",
        sets=d["sets"],
        gold=d["gold"],
        points=d["points"],
        robots=d["robots"],
        vp=d["vp"],
    ),
    "final_ai": lambda d: t("crown-ev-final-ai", side=d["side"], vp=d["vp"]),
    "game_over": lambda d: t(
        "crown-ev-game-over", winners=_names(d["winners"]), n=len(d["winners"]), ai=int(d.get("ai_first", False))
    ),
    "attack": lambda d: t("crown-ev-attack", side=d["side"], area=d["area"], defender=d["defender"]),
    "commit": lambda d: t("crown-ev-commit", warriors=_names(d["warriors"])),
    "commit_count": lambda d: t("crown-ev-commit-count", side=d["side"], n=d["n"]),
    "commit_open": lambda d: t("crown-ev-commit-open", side=d["side"], warriors=_names(d["warriors"])),
    "unmasked": lambda d: t("crown-ev-unmasked", side=d["side"], warriors=_names(d["warriors"])),
    "ai_battle_shuffle": lambda d: t("crown-ev-ai-battle-shuffle", side=d["side"]),
    "choose_cards": lambda d: t("crown-ev-choose-cards", sides=listing(str(x) for x in d["sides"])),
    "card_chosen": lambda d: t("crown-ev-card-chosen", card=d["card"]),
    "card_ready": lambda d: t("crown-ev-card-ready", side=d["side"]),
    "warning": lambda d: t("crown-ev-warning", card=d["card"]),
    "warning_sealed": lambda d: t("crown-ev-warning-sealed", side=d["side"]),
    "reveal": lambda d: t(
        "crown-ev-reveal",
        warriors=_names(d["warriors"]),
        cards=listing(f"{k} {v}" for k, v in d["cards"].items()) if d["cards"] else t("crown-nobody"),
    ),
    "warning_result": lambda d: t("crown-ev-warning-result", side=d["side"], card=d["card"], right=int(d["right"])),
    "roll": lambda d: t("crown-ev-roll", side=d["side"], value=d["value"]),
    "reroll": lambda d: t("crown-ev-reroll", side=d["side"], target=d["target"], value=d["value"]),
    "battle": lambda d: t(
        "crown-ev-battle", attacker=d["attacker"], defender=d["defender"], atk=d["atk"], dfn=d["dfn"], won=int(d["won"])
    ),
    "king_falls": lambda d: t("crown-ev-king-falls", side=d["side"]),
    "king_holds": lambda d: t("crown-ev-king-holds"),
    "fallen": lambda d: t("crown-ev-fallen", side=d["side"], warriors=_names(d["warriors"])),
    "cards_back": lambda d: t("crown-ev-cards-back", side=d["side"]),
    "damage": lambda d: t("crown-ev-damage", side=d["side"], warrior=d["warrior"]),
    "recover": lambda d: t("crown-ev-recover", side=d["side"], warrior=d["warrior"]),
    "zero_damage": lambda d: t("crown-ev-zero-damage", side=d["side"]),
    "gather": lambda d: t("crown-ev-gather", side=d["side"], area=d["area"], building=d["building"]),
    "gold_space": lambda d: t("crown-ev-gold-space", side=d["side"]),
    "build": lambda d: t("crown-ev-build", side=d["side"], building=d["building"], area=d["area"], cost=d["cost"]),
    "refresh": lambda d: t("crown-ev-refresh", side=d["side"]),
    "ai_shuffle": lambda d: t("crown-ev-ai-shuffle", n=d["n"]),
    "ai_roll": lambda d: t("crown-ev-ai-roll", die=d["die"]),
    "ai_turn": lambda d: t("crown-ev-ai-turn", die=d["die"], area=d["area"], card=d["card"]),
    "ai_cannot": lambda d: t("crown-ev-ai-cannot", action=d["action"]),
    "ai_does": lambda d: t("crown-ev-ai-does", action=d["action"], area=d["area"]),
    "ai_no_warrior": lambda d: t("crown-ev-ai-no-warrior", level=d["level"]),
    "ability": lambda d: t("crown-ev-ability", side=d["side"], ability=d["ability"]),
    "trade": lambda d: t("crown-ev-trade", side=d["side"], n=d["n"], give=d["give"], get=d["get"]),
    "fortify": lambda d: t("crown-ev-fortify", side=d["side"], area=d["area"], warriors=_names(d["warriors"])),
    "reinforce": lambda d: t("crown-ev-reinforce", side=d["side"], area=d["area"], warriors=_names(d["warriors"])),
    "command": lambda d: t("crown-ev-command", side=d["side"], source=d["source"], target=d["target"]),
    "pass": lambda d: t("crown-ev-pass", side=d["side"]),
    "take": lambda d: t("crown-ev-take", side=d["side"], resource=d["resource"]),
}
"""Each kind of event and its sentence."""


def message(event: Event, viewer: int | None) -> Msg | None:
    sentence = SENTENCES.get(event.kind)
    return None if sentence is None else sentence(event.data)
