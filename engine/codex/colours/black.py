"""Hooks for Black cards whose abilities are more than the effect vocabulary can say (see docs/codex/rules.md)."""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card
from engine.codex.combat import evasion
from engine.codex.ctx import SETTLE, G
from engine.codex.effects import condition_of, hook, one_opponent, opponent, resumer
from engine.codex.levels import FROZEN
from engine.codex.ops_workers import trash_workers
from engine.codex.prevention import PREVENT, Hit
from engine.codex.prompts import asked
from engine.codex.rules import PLAY_BANS
from engine.codex.seats import base_seat, friendly
from engine.codex.state import Mod, Thing
from engine.codex.stats import Q, Ref, selector_test, while_condition
from engine.codex.timerunes import add_time_runes
from engine.codex.zones import (
    DEATH_DESTINATIONS,
    DEATH_WATCHERS,
    DRAW_BONUS,
    RETURN_SOURCES,
    UPKEEP_SOURCES,
    enter_play,
    gain_levels,
    leave_play,
    summon_tokens,
    would_die,
)

vocab.add_word(
    "condition",
    "hit died",
    "it was yours",
    "it was another non-token unit of yours",
    "first rune-marked death",
    "played from hand",
)
vocab.add_word("selector", "friendly_to", "tech_or_hero")
vocab.add_word(
    "rule",
    "opposing bases stop at 6",
    "you can't play tech ii or iii units",
    "draw one more",
    "unstoppable by units",
    "unstoppable by rune-marked units",
    "unstoppable attacking heroes",
)
vocab.add_word("while", "attacking a hero", "its warlocks are in play")
vocab.add_word("condition", "a buried unit can be played", "a dead hero can return")

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


@condition_of("it was another non-token unit of yours")
def _it_was_another_card_unit(g: G, ctx: dict[str, Any]) -> bool:
    """Necromancer: a unit of yours other than this one, not a token (it sees its own death too, as every
    "whenever a unit dies" listener does, and must leave it out)."""
    return ctx.get("seat") == ctx["ctl"] and ctx["it"] != ctx["src"] and g.card_of(ctx["it"]).type != "token"


FIRST_RUNE_DEATH = "first rune-marked death"
"""Turn flag: [uid, timestamp] of the first unit with a -1/-1 rune to die this turn (whoever controlled it,
whether or not an Orpal Gloor was at max level then); the timestamp tells a card that came back and died again
from its first death."""


def _note_rune_marked_death(g: G, dead: Thing, extra: dict[str, Any]) -> list[dict[str, Any]]:
    if extra.get("minus_runes") and FIRST_RUNE_DEATH not in g.s.flags:
        g.s.flags[FIRST_RUNE_DEATH] = [dead.uid, dead.stamp]
    return []


DEATH_WATCHERS.append(_note_rune_marked_death)


@condition_of("first rune-marked death")
def _first_rune_marked_death(g: G, ctx: dict[str, Any]) -> bool:
    """Orpal Gloor's max band: the death is the turn's first of a unit with a -1/-1 rune. A later one is not,
    even if Orpal reached max level after that first death. Of several dying together, the first the engine
    settles counts."""
    return ctx.get("it") is not None and g.s.flags.get(FIRST_RUNE_DEATH) == [ctx["it"], ctx.get("it_stamp")]


# ------------------------------------------------------------------------------------------- selectors


@selector_test("friendly_to")
def _friendly_to(qq: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """Friendly to the player bound under that name: theirs, or their 2v2 partner's ("friendly to the dead
    unit")."""
    who = binds.get(want) if binds else None
    return isinstance(who, int) and friendly(qq.s, who, t.ctrl)


@selector_test("tech_or_hero")
def _tech_or_hero(qq: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """Any hero, or a unit whose tech level is among these (Doom Grasp, Spreading Plague)."""
    card = qq.card(t)
    return card.type == "hero" or (card.is_unit and card.tech in want)


# ---------------------------------------------------------------------------------------------- hooks


@hook("bind its player")
def _bind_its_player(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Bind (under `as`) the player of the thing a trigger is about: the dead unit's, the attacker's."""
    ctx["bind"][args["as"]] = ctx.get("seat")


one_opponent("hook:the opponent")


@hook("the opponent")
def _the_opponent(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """ "An opponent" of the card: with several, the active player has just picked one; bound as "opponent" for
    the selector `player` (Death and Decay, Plague Lab) and kept for later steps (Death Rites)."""
    ctx["bind"]["opponent"] = opponent(g, ctx)


@hook("the active player targets")
def _active_player_targets(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """The card names the active player as the one doing it (Orpal Gloor's max band): they target, so resist,
    invisibility and flagbearers are judged from them and they pay the resist (the one deciding is the
    effect's controller on their own side's turn, the player whose turn it is otherwise)."""
    ctx["targeter"] = ctx["ctl"] if g.on_turn(ctx["ctl"]) else g.s.active


one_opponent("hook:shackle")


@hook("shackle")
def _shackle(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Terras Q: four Warlocks for an opponent. They are remembered on this very Terras Q (its while-static
    "its warlocks are in play" reads them), so a copy or a new Terras Q is not bound by them (rulings); the
    Warlocks themselves have no ability."""
    t = g.s.things.get(ctx["src"])
    made = summon_tokens(g, "warlock", opponent(g, ctx), 4)
    if t is not None:
        for uid in made:
            t.marks[f"warlock:{uid}"] = 1


@while_condition("its warlocks are in play")
def _shackled(qq: Q, src: Thing, ab: dict[str, Any]) -> bool:
    return any(k.startswith("warlock:") and int(k[8:]) in qq.s.things for k in src.marks)


@hook("plague upkeep")
def _plague_upkeep(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Plague Lord: each player's base takes 1 per -1/-1 rune on their units and heroes."""
    from engine.codex.effects import damage

    qq = Q(g.s, g.cat)
    for p in g.s.players:
        runes = sum(
            -t.runes for t in g.s.things.values() if t.ctrl == p.seat and t.runes < 0 and qq.card(t).is_fighter_card
        )
        damage(g, f"{base_seat(g.s, p.seat)}:base", runes, by=ctx["ctl"])  # 2v2: the team's shared base


@hook("doom at next upkeep")
def _doom(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Vandy Anadrose: the bound units die at her controller's next upkeep, whether she is there or not."""
    for name in args["names"]:
        uid = ctx["bind"].get(name)
        t = g.s.things.get(uid) if isinstance(uid, int) else None
        if t is not None:
            t.marks["doom"] = ctx["ctl"] + 1


def _doomed(g: G, seat: int) -> list[dict[str, Any]]:
    ops = [{"op": "hook", "name": "doom is spent"}, {"op": "destroy", "to": "self"}]
    return [
        {"key": "doom", "src": uid, "card": t.card, "ctl": seat, "ops": ops}
        for uid, t in sorted(g.s.things.items())
        if t.marks.get("doom") == seat + 1
    ]


@hook("doom is spent")
def _doom_spent(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """The doom strikes once: a unit that survives it (indestructible) is not struck again next upkeep."""
    t = g.s.things.get(ctx["src"])
    if t is not None:
        t.marks.pop("doom", None)


UPKEEP_SOURCES.append(_doomed)


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
            "ops": [
                {"op": "hook", "name": "the opponent"},
                {"op": "weakest", "do": "destroy", "side": "the opponent", "by": "tech"},
            ],
        }
        for seat in g.s.flags.get("death_rites", [])
        if seat == dead.ctrl
    ]


DEATH_WATCHERS.append(_death_rites_watch)


def _base_floor(g: G, qq: Q, hit: Hit) -> int:
    """Blackhand Dozer: damage its controller deals can't take an opposing base below 6 HP."""
    ref, n, by = hit.ref, hit.n, hit.by
    if not isinstance(ref, str) or not ref.endswith(":base") or by is None or g.friendly(int(ref.split(":")[0]), by):
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


NOT_RUNES = frozenset({"doom", "held_from", "silenced", "named cost", "insuring"})
"""Marks on things that are bookkeeping, not runes (as are marks named "kind:detail"): Vandy's doom, Mind
Control's hold, Reputable Newsman's named cost, the unit an Insurance Agent insures."""


def _rune_kinds(t: Thing) -> list[str]:
    kinds = ["+1/+1"] if t.runes > 0 else ["-1/-1"] if t.runes < 0 else []
    return kinds + sorted(k for k, v in t.marks.items() if v > 0 and k not in NOT_RUNES and ":" not in k)


@hook("plague lab")
def _plague_lab(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Any number of cards with runes each get one more rune of a kind already on them."""
    _ask_lab(g, [])


def _ask_lab(g: G, done: list[int]) -> None:
    options = [uid for uid, t in sorted(g.s.things.items()) if uid not in done and _rune_kinds(t)]
    # Forecast cards carry time runes too: they are cards with runes.
    options += [uid for p in g.s.players for uid in sorted(p.future) if p.future[uid] > 0 and uid not in done]
    if options:
        g.ask("plague lab", [*options, "done"], asked("plague lab"), done=done)


@resumer("plague lab")
def _resume_lab(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "done":
        return
    uid = int(choice)
    done = [*pending["done"], uid]
    t = g.s.things.get(uid)
    if t is None:
        add_time_runes(g, uid, 1)  # a forecast card: its only runes are time runes
        _ask_lab(g, done)
        return
    kinds = _rune_kinds(t)
    if len(kinds) == 1:
        _add_rune(g, t, kinds[0])
        _ask_lab(g, done)
    else:
        g.ask("plague lab kind", kinds, asked("plague lab kind"), uid=t.uid, done=done)


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


# ----------------------------------------------------------------------------------- heroes' abilities


@hook("raise from discard")
def _raise_from_discard(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Garth Torken at max: his controller may bring one unit of tech I-II, printed cost at most 5, from their
    discard pile into play for free, with the tech building (and spec) it needs. On another player's turn
    that choice can't be made, so nothing happens (Nether Drain ruling)."""
    from engine.codex.rules import tech_ok

    seat = int(ctx["ctl"])
    if not g.on_turn(seat):
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
        g.ask(
            "raise from discard",
            [*options, "done"],
            asked("raise from discard"),
            whose=seat,
        )
        g.s.pending["seat"] = seat  # "you may": Garth's controller decides, in 2v2 on a partner's move too


@resumer("raise from discard")
def _resume_raise(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "done":
        return
    uid = int(choice)
    seat = pending["whose"]
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
        uid for uid, t in sorted(g.s.things.items()) if qq.card(t).type in ("unit", "token", "hero", "upgrade", "spell")
    ]
    options += [f"p{p.seat + 1} worker" for p in g.s.players if p.workers > 0]
    if options:
        g.ask("zarramonde", options, asked("zarramonde"))


@resumer("zarramonde")
def _resume_zarramonde(g: G, pending: dict[str, Any], choice: Any) -> None:
    from engine.codex.zones import destroy

    if isinstance(choice, str):
        trash_workers(g, int(choice[1]) - 1, 1)  # destroyed workers leave the game, a random one of them
        return
    t = g.s.things.get(int(choice))
    if t is not None:
        destroy(g, t)


# ------------------------------------------------------------------------------ replacements and rules


@would_die
def _soul_stone(g: G, qq: Q, t: Thing, how: str, combat: bool) -> bool:
    """Soul Stone: instead of dying, the unit loses all its damage and every Soul Stone on it is sacrificed.
    Nothing that waits for a death happens (ruling). Runes stay, so a unit at 0 HP still dies afterwards."""
    stones = [o for o in g.s.things.values() if o.attached == t.uid and o.card == "soul-stone"]
    if not stones:
        return False
    t.damage = 0
    t.deathtouched = False
    g.emit("soul_stone", uid=t.uid)
    for stone in stones:
        leave_play(g, stone, "discard", died=True, how="sacrificed")
    return True


def _twilight_ban(g: G, qq: Q, seat: int, card: Card) -> bool:
    """Twilight Baron: its controller can't play tech II or III units (putting them into play is fine)."""
    if card.type != "unit" or card.tech < 2:
        return False
    return any(t.ctrl == seat and _has_rule(qq, t, "you can't play tech ii or iii units") for t in g.s.things.values())


PLAY_BANS.append(_twilight_ban)


def _has_rule(qq: Q, t: Thing, rule: str) -> bool:
    if rule not in qq.card(t).rule_names:
        return False  # the card names no such rule at all (the common case, asked for every thing in play)
    return any(ab.get("static") == "rule" and ab.get("rule") == rule for _, ab in qq.own_abilities(t))


def _shrine_draws(g: G, seat: int) -> int:
    """Shrine of Forbidden Knowledge: one more card drawn, and one more allowed, per Shrine."""
    qq = Q(g.s, g.cat)
    return sum(1 for t in g.s.things.values() if t.ctrl == seat and _has_rule(qq, t, "draw one more"))


DRAW_BONUS.append(_shrine_draws)


@evasion("unstoppable by units")
def _by_units(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    return qq.card(p).is_unit


@evasion("unstoppable by rune-marked units")
def _by_marked_units(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    return qq.card(p).is_unit and p.runes < 0


@evasion("unstoppable attacking heroes")
def _at_heroes(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    t = g.s.things.get(target) if isinstance(target, int) else None
    return t is not None and qq.card(t).type == "hero"


@while_condition("attacking a hero")
def _while_attacking_hero(qq: Q, src: Thing, ab: dict[str, Any]) -> bool:
    combat = qq.s.combat
    if combat is None or combat.get("a") != src.uid or not isinstance(combat.get("t"), int):
        return False
    t = qq.s.things.get(combat["t"])
    return t is not None and qq.card(t).type == "hero"


@hook("metamorphosis")
def _metamorphosis(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Your heroes that are not Demons yet go to max level and become Demons with two +1/+1 runes, readiness
    and invisibility, until they leave play (they come back plain: rulings)."""
    qq = Q(g.s, g.cat)
    for t in sorted(g.s.things.values(), key=lambda t: t.uid):
        if t.ctrl != ctx["ctl"] or qq.card(t).type != "hero" or "demon" in qq.subtypes(t):
            continue
        t.mods.append(Mod(kw=("readiness", "invisible"), until="ever", src=ctx["src"], sub=("demon",)))
        t.runes += 2
        g.emit("rune", uid=t.uid, rune="+1/+1", n=2)
        gain_levels(g, t, g.card(t).mx - t.level, how="effect")


@hook("resurrect")
def _resurrect(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Blackhand Resurrector: a hero of your command zone that died this game comes back at max level, cooldown
    or not (ruling); its max-level ability triggers."""
    from engine.codex.rules import hero_limit, heroes_in_play

    seat = int(ctx["ctl"])
    p = g.p(seat)
    if len(heroes_in_play(g, seat)) >= hero_limit(g, p):
        return
    options = [u for u in p.command if p.marks.get(f"hero died:{u}")]
    if len(options) == 1:
        _bring_back(g, seat, options[0])
    elif options:
        g.ask("resurrect", sorted(options), asked("resurrect"), whose=seat)


@resumer("resurrect")
def _resume_resurrect(g: G, pending: dict[str, Any], choice: Any) -> None:
    _bring_back(g, pending["whose"], int(choice))


def _bring_back(g: G, seat: int, uid: int) -> None:
    p = g.p(seat)
    p.command.remove(uid)
    p.cooldown.pop(uid, None)
    card = g.card_of(uid)
    # A new object: a "can't level this turn" on the hero that died does not follow it back.
    frozen = g.s.flags.get(FROZEN, [])
    if uid in frozen:
        frozen.remove(uid)
    t = enter_play(g, card.id, seat, seat, uid=uid, level=1)
    if t is not None:
        # Up to max as it arrives, by the usual path: level locks (Chronofixer ruling: it stays at level 1)
        # and the max-level trigger (ruling) both apply.
        gain_levels(g, t, card.mx - 1, how="effect")


# ----------------------------------------------------------------------------------------------- Graveyard

GRAVEYARD = "graveyard"
"""The zone (`Player.zones`, of each card's owner) where buried units lie."""

BURIED = "buried"
"""`State.memory`: buried card uid (str) -> [uid, stamp] of the Graveyard it lies in. The stamp tells that very
Graveyard from a new object later given the same uid; the units follow the Graveyard to a new controller."""


def _graveyards(g: G, seat: int) -> list[Thing]:
    return [t for _, t in sorted(g.s.things.items()) if t.ctrl == seat and t.card == "graveyard"]


def _bury(g: G, t: Thing) -> bool:
    """Graveyard: the dead non-token units of its controller ("your" units: those you control, whoever owns
    them) are buried in it instead of going to the discard pile. With two Graveyards, the older takes them."""
    yards = _graveyards(g, t.ctrl)
    if not yards:
        return False
    g.p(t.owner).zones.setdefault(GRAVEYARD, []).append(t.uid)
    g.s.memory.setdefault(BURIED, {})[str(t.uid)] = [yards[0].uid, yards[0].stamp]
    g.emit("buried", seat=t.ctrl, uid=t.uid)
    return True


DEATH_DESTINATIONS.append(_bury)


def buried_in(g: G, yard: Thing) -> list[int]:
    """The units buried in this Graveyard."""
    return sorted(
        int(u) for u, (y, stamp) in g.s.memory.get(BURIED, {}).items() if [y, stamp] == [yard.uid, yard.stamp]
    )


def _forget_burial(g: G, uid: int) -> None:
    """`uid` no longer lies in a Graveyard (it is played, or goes to its owner's discard pile)."""
    g.s.memory[BURIED].pop(str(uid), None)
    if not g.s.memory[BURIED]:
        del g.s.memory[BURIED]


def _unbury(g: G, uid: int) -> bool:
    """A buried unit an effect returns to play (Second Chances) leaves its Graveyard."""
    if str(uid) not in g.s.memory.get(BURIED, {}):
        return False
    g.p(g.s.cards[uid][1]).zones[GRAVEYARD].remove(uid)
    _forget_burial(g, uid)
    return True


RETURN_SOURCES.append(_unbury)


def _graveyard_check(g: G) -> None:
    """Four buried units sacrifice their Graveyard; a Graveyard gone from play leaves its dead to the discard.
    Either way the units go to their owners' discard piles."""
    groups: dict[tuple[int, int], list[int]] = {}
    for u, (y, stamp) in g.s.memory.get(BURIED, {}).items():
        groups.setdefault((y, stamp), []).append(int(u))
    for (y, stamp), uids in sorted(groups.items()):
        yard = g.s.things.get(y)
        if yard is not None and yard.stamp != stamp:
            yard = None  # a new object under the same uid: not the Graveyard they were buried in
        if yard is not None and len(uids) < 4:
            continue
        for uid in sorted(uids):
            _forget_burial(g, uid)
            owner = g.p(g.s.cards[uid][1])
            owner.zones[GRAVEYARD].remove(uid)
            owner.discard.append(uid)
        g.emit("unburied", uid=y, n=len(uids))
        if yard is not None:
            leave_play(g, yard, "discard", died=True, how="sacrificed")


SETTLE.append(_graveyard_check)


@hook("play buried")
def _play_buried(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Graveyard: play a unit buried in this Graveyard, paying for it and meeting its tech requirements (boost
    allowed). A stolen Graveyard's units are played by its new controller (Assimilate ruling)."""
    seat = int(ctx["ctl"])
    options = _playable_buried(g, seat, ctx["src"])
    if options:
        g.ask("play buried", [*options, "done"], asked("play buried"), whose=seat)


def _playable_buried(g: G, seat: int, yard_uid: int) -> list[int]:
    from engine.codex.rules import play_banned, play_cost

    yard = g.s.things.get(yard_uid)
    if yard is None:
        return []
    qq = Q(g.s, g.cat)
    out = []
    for uid in buried_in(g, yard):
        card = g.card_of(uid)
        cost = play_cost(g, qq, seat, card)
        if cost is not None and cost <= g.p(seat).gold and not play_banned(g, qq, seat, card, zone="graveyard"):
            out.append(uid)
    return out


@condition_of("a buried unit can be played")
def _can_play_buried(g: G, ctx: dict[str, Any]) -> bool:
    return bool(_playable_buried(g, int(ctx["ctl"]), ctx["src"]))


@resumer("play buried")
def _resume_play_buried(g: G, pending: dict[str, Any], choice: Any) -> None:
    from engine.codex.rules import play_cost

    if choice == "done":
        return
    seat, uid = pending["whose"], int(choice)
    card = g.card_of(uid)
    cost = play_cost(g, Q(g.s, g.cat), seat, card) or 0
    boost = card.kw.get("boost", 0)
    if boost and cost + boost <= g.p(seat).gold:
        g.ask("play buried boost", ["yes", "no"], asked("play buried boost"), whose=seat, uid=uid)
        return
    _play_from_graveyard(g, seat, uid, False)


@resumer("play buried boost")
def _resume_buried_boost(g: G, pending: dict[str, Any], choice: Any) -> None:
    _play_from_graveyard(g, pending["whose"], pending["uid"], choice == "yes")


def _play_from_graveyard(g: G, seat: int, uid: int, boosted: bool) -> None:
    """Played as from any zone (`rules.play`: cost, "played" abilities, play watchers such as Promise of
    Payment, boost: general ruling), but not from hand; it arrives afresh."""
    from engine.codex.rules import play

    _forget_burial(g, uid)
    play(g, seat, uid, boosted, zone=GRAVEYARD)


@condition_of("a dead hero can return")
def _dead_hero_waits(g: G, ctx: dict[str, Any]) -> bool:
    p = g.p(int(ctx["ctl"]))
    return any(p.marks.get(f"hero died:{u}") for u in p.command)
