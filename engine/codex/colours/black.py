"""Hooks for Black cards whose abilities are more than the effect vocabulary can say (see docs/codex.md)."""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import condition_of, hook, resumer
from engine.codex.events import SENTENCES
from engine.codex.prevention import PREVENT, Hit
from engine.codex.state import Mod, Thing
from engine.codex.stats import Q, selector_test
from engine.codex.zones import DEATH_WATCHERS, UPKEEP_SOURCES, summon_tokens

vocab.add_word(
    "condition", "hit died", "it was yours", "it was your non-token unit", "first rune-marked death", "played from hand"
)
vocab.add_word("selector", "seat_of", "tech_or_hero")
vocab.add_word("rule", "opposing bases stop at 6")

BASE_FLOOR = 6


# -------------------------------------------------------------------------------------------- conditions


@condition_of("hit died")
def _hit_died(g: G, ctx: dict[str, Any]) -> bool:
    """The thing bound as "hit" was targeted and is gone (killed, or an Illusion that died of being targeted)."""
    if "hit" not in ctx["bind"]:
        return False  # nothing was targeted at all
    hit = ctx["bind"]["hit"]
    return hit is None or hit not in g.s.things


@condition_of("it was yours")
def _it_was_yours(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("seat") == ctx["ctl"]


@condition_of("it was your non-token unit")
def _it_was_your_card_unit(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("seat") == ctx["ctl"] and g.card_of(ctx["it"]).type != "token"


@condition_of("first rune-marked death")
def _first_rune_marked_death(g: G, ctx: dict[str, Any]) -> bool:
    """Orpal Gloor's max band: only the first death each turn of a unit that had a -1/-1 rune counts."""
    if not ctx.get("minus_runes"):
        return False
    seen = g.s.flags.setdefault("rune_marked_death", [])
    if ctx["src"] in seen:
        return False
    seen.append(ctx["src"])
    return True


# ------------------------------------------------------------------------------------------- selectors


@selector_test("seat_of")
def _seat_of(qq: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """Controlled by the seat bound under that name (e.g. "friendly to the unit that died")."""
    return binds is not None and binds.get(want) == t.ctrl


@selector_test("tech_or_hero")
def _tech_or_hero(qq: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """A unit of one of these tech levels, or any hero ("a tech 0, I or II unit or hero")."""
    card = qq.card(t)
    return card.type == "hero" or (card.is_unit and card.tech in want)


# ---------------------------------------------------------------------------------------------- hooks


@hook("remember dead side")
def _remember_dead_side(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    ctx["bind"]["dead"] = ctx.get("seat")


@hook("shackle")
def _shackle(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Terras Q: four Warlocks for an opponent; this very Terras Q can't attack or patrol while any of them
    is in play. The Warlocks are remembered on it, so a copy or a new Terras Q is not bound by them."""
    t = g.s.things.get(ctx["src"])
    made = summon_tokens(g, "warlock", g.opp(ctx["ctl"]), 4)
    if t is None or not made:
        return
    for uid in made:
        t.marks[f"warlock:{uid}"] = 1
    t.mods.append(Mod(kw=("can't attack", "can't patrol"), until="ever", src=t.uid))


@hook("unshackle")
def _unshackle(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """A Warlock left play: the Terras Q it binds is free once none of its Warlocks is left."""
    key = f"warlock:{ctx['it']}"
    for t in g.s.things.values():
        if key in t.marks:
            del t.marks[key]
            if not any(k.startswith("warlock:") for k in t.marks):
                t.mods = [m for m in t.mods if m.src != t.uid or "can't attack" not in m.kw]
                g.emit("unshackled", uid=t.uid)


@hook("plague upkeep")
def _plague_upkeep(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Plague Lord: each player's base takes 1 per -1/-1 rune on their units and heroes."""
    from engine.codex.effects import damage

    qq = Q(g.s, g.cat)
    for p in g.s.players:
        runes = sum(
            -t.runes for t in g.s.things.values() if t.ctrl == p.seat and t.runes < 0 and qq.card(t).is_fighter_card
        )
        damage(g, f"{p.seat}:base", runes, by=ctx["ctl"])


@hook("doom at next upkeep")
def _doom(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Vandy Anadrose: the bound units die at her controller's next upkeep, whether she is there or not."""
    for name in args["names"]:
        uid = ctx["bind"].get(name)
        t = g.s.things.get(uid) if isinstance(uid, int) else None
        if t is not None:
            t.marks["doom"] = ctx["ctl"] + 1


def _doomed(g: G, seat: int) -> list[dict[str, Any]]:
    return [
        {"key": "doom", "src": uid, "card": t.card, "ctl": seat, "ops": [{"op": "destroy", "to": "self"}]}
        for uid, t in sorted(g.s.things.items())
        if t.marks.get("doom") == seat + 1
    ]


UPKEEP_SOURCES.append(_doomed)


@hook("lose a worker")
def _lose_worker(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    lose_worker(g, int(ctx["ctl"]))


def lose_worker(g: G, seat: int) -> None:
    """A worker of `seat` is sacrificed or destroyed: the count drops by one. Starting workers (no card) go
    first; a hired worker's card goes face up to the discard once only hired workers are left."""
    p = g.p(seat)
    if p.workers <= 0:
        return
    p.workers -= 1
    if len(p.worker_cards) > p.workers:
        uid = p.worker_cards.pop()
        p.discard.append(uid)
        g.s.known.append(uid)
    g.emit("worker_lost", seat=p.seat, workers=p.workers)


@hook("death rites")
def _death_rites(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    g.s.flags.setdefault("death_rites", []).append(ctx["ctl"])


def _death_rites_watch(g: G, dead: Thing, extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Death Rites: for the rest of the turn, each death of its caster's units takes an opposing unit."""
    return [
        {
            "key": "death-rites",
            "src": 0,
            "card": "death-rites",
            "ctl": seat,
            "ops": [{"op": "weakest", "do": "destroy", "side": "opponent", "by": "tech"}],
        }
        for seat in g.s.flags.get("death_rites", [])
        if seat == dead.ctrl
    ]


DEATH_WATCHERS.append(_death_rites_watch)


def _base_floor(g: G, qq: Q, hit: Hit) -> int:
    """Blackhand Dozer: damage its controller deals can't take an opposing base below 6 HP."""
    ref, n, by = hit.ref, hit.n, hit.by
    if not isinstance(ref, str) or not ref.endswith(":base") or by is None or int(ref.split(":")[0]) == by:
        return n
    if not any(
        t.ctrl == by and any(ab.get("rule") == "opposing bases stop at 6" for _, ab in qq.own_abilities(t))
        for t in g.s.things.values()
    ):
        return n
    left = g.building_hp(ref) - g.building_damage(ref)
    return max(0, min(n, left - BASE_FLOOR))


PREVENT.append(_base_floor)


# ------------------------------------------------------------------------------------------- Plague Lab


def _rune_kinds(t: Thing) -> list[str]:
    kinds = ["+1/+1"] if t.runes > 0 else ["-1/-1"] if t.runes < 0 else []
    return kinds + sorted(k for k, v in t.marks.items() if v > 0 and k != "doom" and ":" not in k)


@hook("plague lab")
def _plague_lab(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Any number of cards with runes each get one more rune of a kind already on them."""
    _ask_lab(g, [])


def _ask_lab(g: G, done: list[int]) -> None:
    options = [uid for uid, t in sorted(g.s.things.items()) if uid not in done and _rune_kinds(t)]
    if options:
        g.ask("plague lab", [*options, "done"], "Pick a card with runes to get one more, or done.", done=done)


@resumer("plague lab")
def _resume_lab(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "done":
        return
    t = g.s.things[int(choice)]
    done = [*pending["done"], t.uid]
    kinds = _rune_kinds(t)
    if len(kinds) == 1:
        _add_rune(g, t, kinds[0])
        _ask_lab(g, done)
    else:
        g.ask("plague lab kind", kinds, "Pick the kind of rune to add.", uid=t.uid, done=done)


@resumer("plague lab kind")
def _resume_lab_kind(g: G, pending: dict[str, Any], choice: Any) -> None:
    t = g.s.things.get(pending["uid"])
    if t is not None:
        _add_rune(g, t, str(choice))
    _ask_lab(g, pending["done"])


def _add_rune(g: G, t: Thing, kind: str) -> None:
    if kind == "+1/+1":
        t.runes += 1
    elif kind == "-1/-1":
        t.runes -= 1
    else:
        t.marks[kind] += 1
    g.emit("rune", uid=t.uid, rune=kind, n=1)


SENTENCES["unshackled"] = lambda d, v: f"{d.get('uid_shown', '?')} is no longer shackled."
SENTENCES["worker_lost"] = lambda d, v: f"p{d['seat'] + 1} loses a worker ({d['workers']} left)."


# ----------------------------------------------------------------------------------- heroes' abilities


@hook("raise from discard")
def _raise_from_discard(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Garth Torken at max: you may put a tech I or II unit costing 5 or less from your discard into play, if
    you have its tech building. Free. On another player's turn the choice can't be made, so nothing happens
    (Nether Drain ruling)."""
    from engine.codex.rules import tech_ok

    seat = int(ctx["ctl"])
    if seat != g.s.active:
        return
    p = g.p(seat)
    options = [
        uid
        for uid in sorted(set(p.discard))
        if (card := g.card_of(uid)).type == "unit"
        and card.tech in (1, 2)
        and (card.facts.cost or 0) <= 5
        and tech_ok(g, p, card)
    ]
    if options:
        g.ask("raise from discard", [*options, "done"], "Pick a unit to put into play from your discard, or done.")


@resumer("raise from discard")
def _resume_raise(g: G, pending: dict[str, Any], choice: Any) -> None:
    from engine.codex.zones import enter_play

    if choice == "done":
        return
    uid = int(choice)
    seat = g.s.active
    p = g.p(seat)
    p.discard.remove(uid)
    enter_play(g, g.s.cards[uid][0], seat, g.s.cards[uid][1], uid=uid)


@condition_of("played from hand")
def _played_from_hand(g: G, ctx: dict[str, Any]) -> bool:
    return bool(ctx.get("from_hand"))


@hook("zarramonde")
def _zarramonde(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Zarramonde played from hand destroys a unit, hero, worker, upgrade or ongoing spell (anyone's; it does
    not target). A worker is picked as "pN worker": that player's worker count drops by one."""
    qq = Q(g.s, g.cat)
    options: list[Any] = [
        uid
        for uid, t in sorted(g.s.things.items())
        if uid != ctx["src"] and qq.card(t).type in ("unit", "token", "hero", "upgrade", "spell")
    ]
    options += [f"p{p.seat + 1} worker" for p in g.s.players if p.workers > 0]
    if options:
        g.ask("zarramonde", options, "Pick what Zarramonde destroys.")


@resumer("zarramonde")
def _resume_zarramonde(g: G, pending: dict[str, Any], choice: Any) -> None:
    from engine.codex.zones import destroy

    if isinstance(choice, str):
        lose_worker(g, int(choice[1]) - 1)
        return
    t = g.s.things.get(int(choice))
    if t is not None:
        destroy(g, t)


@hook("put from hand")
def _put_from_hand(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Skeletal Lord: a unit from your hand is put into play, free and whatever its tech (ruling); it is not
    played, so nothing that needs a unit to be played (boost, bans on playing) applies."""
    seat = int(ctx["ctl"])
    options = [u for u in sorted(g.p(seat).hand) if g.card_of(u).type == "unit"]
    if len(options) == 1:
        _put_unit(g, seat, options[0])
    elif options:
        g.ask("put from hand", options, "Pick the unit to put into play.", whose=seat)


@resumer("put from hand")
def _resume_put(g: G, pending: dict[str, Any], choice: Any) -> None:
    _put_unit(g, pending["whose"], int(choice))


def _put_unit(g: G, seat: int, uid: int) -> None:
    from engine.codex.zones import enter_play

    g.p(seat).hand.remove(uid)
    enter_play(g, g.s.cards[uid][0], seat, g.s.cards[uid][1], uid=uid)
