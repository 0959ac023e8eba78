"""The text form of actions: one short line each, e.g. `attack Older Brother -> base`.

Cards are named by their printed name, with a stable `#n` suffix (the copy number, fixed when the card
was made) whenever another card of that name is in sight of the player; `Name#n` is always accepted.
Buildings are named from the player's side: `base`, `tech1`, `tower` are the opponent's; `my base` is yours;
with several opponents the owner is named: `p3 base`, `p4 tech1`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.codex import actions as A
from engine.codex.ctx import G
from engine.codex.modes import TEAMS
from engine.codex.notation_check import notation_problem
from engine.codex.seats import owner_name
from engine.codex.stats import Q, Ref
from engine.core import Action, BadNotation, list_moves, normalise_notation, unmatched
from engine.i18n import Text, t


class Namer:
    """Labels for one (state, seat). A name needs its suffix only when another card of that name is in
    the same zone (in play, the seat's hand, its discard, the command zones), so `play Tenderfoot` and
    `attack Older Brother -> Tenderfoot` stay short in the usual case."""

    def __init__(self, g: G, seat: int) -> None:
        self.g = g
        self.seat = seat
        s = g.s
        self.zone: dict[int, str] = {}
        counts: Counter[tuple[str, str]] = Counter()
        for uid, thing in s.things.items():
            self.zone[uid] = "play"
            counts["play", g.cat[thing.card].name] += 1
        zones: list[tuple[str, list[int]]] = [(f"command{p.seat}", p.command) for p in s.players]
        # One zone for every player's future: a time rune step may pick from either side's.
        zones += [("future", [u for p in s.players for u in p.future])]
        if 0 <= seat < len(s.players):
            p = s.players[seat]
            zones += [("hand", p.hand), ("discard", p.discard), ("workers", p.worker_cards)]
        for zone, uids in zones:
            for uid in uids:
                self.zone[uid] = zone
                counts[zone, g.card_of(uid).name] += 1
        self.counts = counts

    def name(self, uid: int) -> str:
        t = self.g.s.things.get(uid)
        cid = t.card if t is not None else self.g.s.cards[uid][0]
        return self.g.cat[cid].name

    def thing(self, uid: int, full: bool = False) -> str:
        name = self.name(uid)
        if full or self.counts[self.zone.get(uid, "other"), name] > 1:
            return f"{name}#{self.g.s.cards[uid][2]}"
        return name

    def ref(self, ref: Ref, full: bool = False) -> str:
        """A building from this seat's side: `my base`; the only opponent's `tech1`; with several opponents
        (or a 2v2 partner) `p3 tech1`. A 2v2 team's shared base is `my base` or just `base`."""
        if isinstance(ref, int):
            return self.thing(ref, full)
        seat_s, slot = ref.split(":", 1)
        seat = int(seat_s)
        s = self.g.s
        if slot == "addon":
            addon = s.players[seat].addon
            slot = addon.kind if addon is not None else "add-on"
        mine = 0 <= self.seat < len(s.players)
        if seat == self.seat or (slot == "base" and mine and self.g.friendly(seat, self.seat)):
            return f"my {slot}"
        if slot == "base" and self.g.mode() == TEAMS:
            return slot if mine else f"{owner_name(s, seat, slot)} {slot}"
        if len(s.players) == 2:
            return slot
        return f"p{seat + 1} {slot}"


def ability_name(g: G, seat: int, uid: int, key: str) -> str:
    """The ability's name when its card has more than one activated ability, else ""."""
    t = g.s.things.get(uid)
    if t is None:
        return ""
    qq = Q(g.s, g.cat)
    active = [(k, ab) for k, ab in qq.abilities(t) if "cost" in ab]
    if len(active) <= 1:
        return ""
    for i, (k, ab) in enumerate(active):
        if k == key:
            return ab.get("name") or str(i + 1)
    return ""


def choice_label(g: G, namer: Namer, pending: dict[str, Any], option: Any, full: bool) -> str:
    kind = pending["kind"]
    if kind == "order":
        items = pending["items"]
        labels = [_item_label(g, namer, it, full) for it in items]
        label = labels[option]
        if labels.count(label) > 1:
            label += f" ({labels[: option + 1].count(label)})"
        return label
    if isinstance(option, int) or (isinstance(option, str) and ":" in option):
        return namer.ref(option, full)
    if isinstance(option, str) and option in g.cat:
        return g.cat[option].name  # a card named by its id (a pick from a codex)
    return str(option)


def _item_label(g: G, namer: Namer, item: dict[str, Any], full: bool) -> str:
    src = item.get("src", 0)
    if src and src in g.s.cards:
        base = namer.thing(src, full) if src in g.s.things else g.card_of(src).name
    elif item.get("card") in g.cat:
        base = g.cat[item["card"]].name  # an effect no thing in play carries (e.g. a promised payment)
    else:
        base = item.get("card", "effect").replace("_", " ")
    key = str(item.get("key", ""))
    if item.get("what"):
        return f"{base} {item['what']}"
    if key == "obliterate":
        return f"{base} obliterate"
    if key.startswith("healing"):
        return f"{base} healing"
    return base


def describe(g: G, seat: int, action: Action, full: bool = False, namer: Namer | None = None) -> str:
    n = namer or Namer(g, seat)
    verb, args = action.verb, action.args
    if verb == A.PLAY:
        return f"play {n.thing(int(args[0]), full)}" + (" boost" if len(args) > 1 else "")
    if verb == A.SUMMON:
        return f"summon {n.thing(int(args[0]), full)}"
    if verb == A.LEVEL:
        return f"level {n.thing(int(args[0]), full)} {args[1]}"
    if verb == A.BUILD:
        return "build " + " ".join(str(a) for a in args)
    if verb == A.RAZE:
        return f"destroy {args[0]}"
    if verb == A.WORKER:
        return f"worker {n.thing(int(args[0]), full)}"
    if verb == A.ABILITY:
        name = ability_name(g, seat, int(args[0]), str(args[1]))
        return f"ability {n.thing(int(args[0]), full)}" + (f": {name}" if name else "")
    if verb == A.DETECT:
        return f"detect {n.thing(int(args[0]), full)}"
    if verb == A.ATTACK:
        return f"attack {n.thing(int(args[0]), full)} -> {n.ref(args[1], full)}"
    if verb == A.PATROL:
        if len(args) > 2:
            return f"patrol {n.thing(int(args[0]), full)} {args[2]} {args[1]}"
        return f"patrol {n.thing(int(args[0]), full)} {args[1]}"
    if verb == A.REPAIR:
        return "repair base"
    if verb == A.UNPATROL:
        return f"unpatrol {n.thing(int(args[0]), full)}"
    if verb == A.END:
        return "end"
    if verb == A.TECH:
        if not args:
            return "tech none"
        return "tech " + ", ".join(g.cat[str(c)].name for c in args)
    if verb == A.CHOOSE:
        pending = g.s.pending
        if pending is None:
            return f"choose {args[0]}"
        return f"choose {choice_label(g, n, pending, args[0], full)}"
    return " ".join(str(x) for x in action.to_json())


def parse(g: G, seat: int, text: str, legal: list[Action], reason: Callable[[], Text | None] = lambda: None) -> Action:
    """The action of `legal` whose notation is exactly `text` (up to letter case, spacing and `→` for `->`;
    the short or the full `Name#n` form). Anything else is refused, never completed: with "did you mean"
    for the closest legal actions, as BadNotation when the text is no Codex notation at all, else with
    `reason()`, why the action it names is not legal now."""
    wanted = normalise_notation(text.replace("→", "->"))
    if not wanted:
        raise BadNotation(t("core-type-an-action"))
    if wanted.startswith("tech ") and legal and all(a.verb == A.TECH for a in legal):
        direct = _parse_tech(g, wanted[5:], legal)
        if direct is not None:
            return direct
    namer = Namer(g, seat)
    shorts = []
    for a in legal:
        short = describe(g, seat, a, False, namer)
        if wanted in (normalise_notation(short), normalise_notation(describe(g, seat, a, True, namer))):
            return a
        shorts.append(short)
    if "#" in wanted:
        # Some cards named with their copy number and some without: the same action all the same.
        slots = SlotNamer(g, seat)
        for a in legal:
            if _mixed(describe(g, seat, a, False, slots), slots).fullmatch(wanted):
                return a
    problem = notation_problem(g.cat, text)
    raise unmatched(text, shorts, problem, "Codex", reason=reason() if problem is None else None)


class SlotNamer(Namer):
    """Writes each card as a slot (`\x00uid\x00`), for matching a text that names some cards by their full
    label and others by their short name."""

    def thing(self, uid: int, full: bool = False) -> str:
        return f"\x00{uid}\x00"


def _mixed(form: str, namer: SlotNamer) -> re.Pattern[str]:
    """A pattern for `form` (written by a SlotNamer) where each card is its short name or its full label."""
    pieces = normalise_notation(form).split("\x00")
    out = []
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            out.append(re.escape(piece))
            continue
        uid = int(piece)
        short, full = Namer.thing(namer, uid).lower(), Namer.thing(namer, uid, True).lower()
        out.append(re.escape(full) if short == full else f"(?:{re.escape(short)}|{re.escape(full)})")
    return re.compile("".join(out))


def _parse_tech(g: G, rest: str, legal: list[Action]) -> Action | None:
    """`tech A, B` straight from the names (there can be 78 picks; describing them all is slow)."""
    found = [] if rest.strip() == "none" else g.cat.split_names(rest)
    if found is None:
        return None
    action = Action(A.TECH, tuple(sorted(found)))
    return action if action in legal else None


def legal_hint(g: G, seat: int, same_verb: list[Action], limit: int = 8) -> Text:
    """ "Legal now: ..." for an error message: moves of the verb that was tried, else the first few of all."""
    from engine.codex.rules import legal

    shown = same_verb or legal(g, seat)
    if not shown:
        return t("core-no-action")
    namer = Namer(g, seat)
    text = list_moves(describe(g, seat, a, False, namer) for a in shown[:limit])
    return t("core-legal-now", legal=text, more=max(len(shown) - limit, 0))
