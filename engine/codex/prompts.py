"""What a pending choice asks the player, from the catalogue (locales/en/prompts.ftl).

A choice's prompt is kept in the state with the choice (`G.ask`), so it is written there in English, as the
board's picture and the view show it; the words live in the catalogue. A card's own question ("put X on
top of your deck?") comes from the card data, and stays data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.codex.events import english
from engine.i18n import Msg, t

PROMPTS: dict[str, Callable[..., Msg]] = {
    "time rune": lambda: t("codex-ask-time-rune"),
    "time rune way": lambda: t("codex-ask-time-rune-way"),
    "split": lambda left: t("codex-ask-split", left=left),
    "opponent": lambda: t("codex-ask-opponent"),
    "mode": lambda: t("codex-ask-mode"),
    "order": lambda: t("codex-ask-order"),
    "lab_spec": lambda: t("codex-ask-lab-spec"),
    "discard": lambda seat: t("codex-ask-discard", seat=seat),
    "fetch": lambda: t("codex-ask-fetch"),
    "name a cost": lambda: t("codex-ask-name-a-cost"),
    "injunction": lambda: t("codex-ask-injunction"),
    "codex spell": lambda: t("codex-ask-codex-spell"),
    "rex": lambda: t("codex-ask-rex"),
    "swap top": lambda: t("codex-ask-swap-top"),
    "boost top": lambda boost, card: t("codex-ask-boost-top", boost=boost, card=card),
    "feed": lambda: t("codex-ask-feed"),
    "remember": lambda: t("codex-ask-remember"),
    "distort": lambda: t("codex-ask-distort"),
    "field hero": lambda: t("codex-ask-field-hero"),
    "reveal": lambda n: t("codex-ask-reveal", n=n),
    "twin home": lambda: t("codex-ask-twin-home"),
    "twin or other": lambda card, rival: t("codex-ask-twin-or-other", card=card, rival=rival),
    "plague lab": lambda: t("codex-ask-plague-lab"),
    "plague lab kind": lambda: t("codex-ask-plague-lab-kind"),
    "raise from discard": lambda: t("codex-ask-raise-from-discard"),
    "zarramonde": lambda: t("codex-ask-zarramonde"),
    "resurrect": lambda: t("codex-ask-resurrect"),
    "play buried": lambda: t("codex-ask-play-buried"),
    "play buried boost": lambda: t("codex-ask-play-buried-boost"),
    "free_spell": lambda: t("codex-ask-free-spell"),
    "pillaged": lambda: t("codex-ask-pillaged"),
    "stash": lambda: t("codex-ask-stash"),
    "put into play": lambda: t("codex-ask-put-into-play"),
    "slot": lambda card: t("codex-ask-slot", card=card),
    "retarget": lambda: t("codex-ask-retarget"),
    "sparkshot": lambda: t("codex-ask-sparkshot"),
    "overpower": lambda excess: t("codex-ask-overpower", excess=excess),
    "weakest": lambda seat, do: t("codex-ask-weakest", seat=seat, do=do),
    "bounty": lambda: t("codex-ask-bounty"),
    "worker_owner": lambda: t("codex-ask-worker-owner"),
    "do it": lambda: t("codex-ask-do-it"),
}
"""The prompt of each kind of choice, by the kind `G.ask` records."""

TARGETS: dict[str, Callable[[dict[str, Any]], Msg]] = {
    "damage": lambda op: t("codex-ask-damage", n=op.get("n", 1)),
    "repair": lambda op: t("codex-ask-repair", n=op.get("n", 1)),
    "destroy": lambda op: t("codex-ask-destroy"),
    "bounce": lambda op: t("codex-ask-bounce"),
    "steal": lambda op: t("codex-ask-steal"),
    "rune": lambda op: t("codex-ask-rune", rune=str(op.get("rune", ""))),
    "modify": lambda op: t("codex-ask-modify"),
    "sideline": lambda op: t("codex-ask-sideline"),
    "link": lambda op: t("codex-ask-link"),
}
"""The prompt of a target pick, by the effect's op."""


def asked(kind: str, **args: Any) -> str:
    """The prompt of a choice of `kind`, in English (as the state keeps it)."""
    return english(PROMPTS[kind](**args))


def target(op: dict[str, Any]) -> str:
    """The prompt of a target pick for the effect `op`."""
    made = TARGETS.get(op["op"])
    return english(made(op) if made is not None else t("codex-ask-target"))
