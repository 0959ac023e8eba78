"""Red: the words and hooks only Red cards use (Anarchy, Blood, Fire and the Red starter deck).

- condition "did not arrive or attack this turn" (Bloodrage Ogre);
- hook "cast_free_from_codex" (Cinderblast Dragon): play a non-ultimate Fire spell from hand or codex free;
- step "discard hand" (Desperation): the controller discards their whole hand, face down;
- step "swap printed atk" (Chaos Mirror; the survey's `swap_printed_atk`);
- ref "every fighter of the player hit" (Molting Firebird's "that opponent");
- step "steal from the base's player" (Pillage: in 2v2 the active player picks which partner is robbed).
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card
from engine.codex.ctx import G
from engine.codex.effects import cast_spell, condition_of, does, hook, opponent, ref_of, resumer, things_of
from engine.codex.ops_cards import steal_gold
from engine.codex.prompts import asked
from engine.codex.rules import note_played_from_hand, play_banned
from engine.codex.seats import seat_name, teammates
from engine.codex.state import Mod
from engine.codex.stats import Q, Ref

FIGHTERS = ("unit", "token", "hero")

# ------------------------------------------------------------------------------------- Bloodrage Ogre


@condition_of("did not arrive or attack this turn")
def _idle(g: G, ctx: dict[str, Any]) -> bool:
    t = g.s.things.get(ctx["src"])
    return t is not None and t.arrived != g.s.turn and t.attacked != g.s.turn


vocab.add_word("condition", "did not arrive or attack this turn")


# --------------------------------------------------------------------------------------- Desperation


@does("discard hand")
def _discard_hand(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    g.discard_hand(ctx["ctl"])


vocab.add_op("discard hand")


# --------------------------------------------------------------------------------- Cinderblast Dragon


def _free_fire_spells(g: G, seat: int) -> list[Any]:
    """Non-ultimate Fire spells in `seat`'s hand (by uid) and codex (by "<name> from codex").

    One from the hand is still a card played from hand, so the rules against that apply (an opponent's
    Censorship Council, an oath, a Newsman's cost); one from the codex meets only the bans on playing it at all
    (a Newsman's cost)."""
    p = g.p(seat)
    qq = Q(g.s, g.cat)
    out: list[Any] = []
    for uid in p.hand:
        card = g.card_of(uid)
        if _free_fire(card) and not play_banned(g, qq, seat, card):
            out.append(uid)
    for cid in sorted(p.codex):
        card = g.cat[cid]
        if p.codex[cid] > 0 and _free_fire(card) and not play_banned(g, qq, seat, card, zone="codex"):
            out.append(f"{card.name} from codex")
    return out


def _free_fire(card: Card) -> bool:
    return bool(card.type == "spell" and card.facts.spec == "fire" and not card.ultimate)


@hook("cast_free_from_codex")
def _cinderblast(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    options = _free_fire_spells(g, ctx["ctl"])
    if options:
        g.ask("free_spell", [*options, "no"], asked("free_spell"), seat_of=ctx["ctl"])


@resumer("free_spell")
def _resume_free_spell(g: G, pending: dict[str, Any], choice: Any) -> None:
    seat = pending["seat_of"]
    p = g.p(seat)
    if choice == "no":
        return
    if isinstance(choice, int):
        uid = choice
        p.hand.remove(uid)
        if uid in g.s.known:
            g.s.known.remove(uid)
        note_played_from_hand(g, seat)
    else:
        cid = g.cat.by_name[str(choice).removesuffix(" from codex").lower()]
        p.codex[cid] -= 1
        if not p.codex[cid]:
            del p.codex[cid]
        uid = g.new_card(cid, seat)
    g.emit("play", seat=seat, uid=uid, card=g.card_of(uid).id, cost=0)
    # No hero is needed (ruling); the spell resolves and goes to the discard like any other.
    cast_spell(g, seat, uid)


# ----------------------------------------------------------------------------------------- Molting Firebird


@ref_of("every fighter of the player hit")
def _fighters_of_the_player_hit(g: G, ctx: dict[str, Any]) -> list[Ref]:
    """ "Every unit and hero that opponent controls": the player whose building the attack damaged (free-for-all:
    the one attacked, never the others); a 2v2 team's shared base belongs to both partners."""
    combat = g.s.combat or {}
    hit = next((r for r in (combat.get("t"), combat.get("over")) if isinstance(r, str)), None)
    if hit is None:
        seats = [opponent(g, ctx)]
    else:
        owner = int(hit.split(":")[0])
        seats = teammates(g.s, owner) if hit.endswith(":base") else [owner]
    qq = Q(g.s, g.cat)
    return [u for u, t in sorted(g.s.things.items()) if t.ctrl in seats and qq.card(t).type in FIGHTERS]


vocab.add_word("ref", "every fighter of the player hit")

# ------------------------------------------------------------------------------------------------ Pillage


@does("steal from the base's player")
def _steal_from_base_player(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """ "Steal from that player": the owner of the base bound as `base`. A 2v2 team's base is both partners':
    the active player picks which of them loses the gold (only those who have some are offered). It is the
    last step of the effect, so the choice needs nothing after it."""
    ref = ctx["bind"].get(op["base"])
    if not isinstance(ref, str):
        return
    seat, n = int(ref.split(":")[0]), op.get("n", 1)
    owners = teammates(g.s, seat) if ref.endswith(":base") else [seat]
    rich = [x for x in owners if g.p(x).gold > 0]
    if len(rich) > 1:
        g.ask("pillaged", [seat_name(x) for x in rich], asked("pillaged"), thief=ctx["ctl"], n=n)
        return
    steal_gold(g, int(ctx["ctl"]), rich[0] if rich else seat, n)


@resumer("pillaged")
def _resume_pillaged(g: G, pending: dict[str, Any], choice: Any) -> None:
    steal_gold(g, int(pending["thief"]), int(str(choice)[1:]) - 1, int(pending["n"]))


vocab.add_op("steal from the base's player", ("n", "base"))

# -------------------------------------------------------------------------------------------- Chaos Mirror


@does("swap printed atk")
def _swap_printed_atk(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Two things trade the ATK printed on them (as printed now: a hero's band, an earlier swap) until end of
    turn; runes and modifiers stay on top of the new value (ruling). Copies see the swapped value."""
    pair = things_of(g, refs)
    if len(pair) != 2:
        return
    qq = Q(g.s, g.cat)
    a, b = pair
    atk_a, atk_b = qq.printed_stats(a)[0], qq.printed_stats(b)[0]
    a.mods.append(Mod(until="turn", src=ctx["src"], printed_atk=atk_b))
    b.mods.append(Mod(until="turn", src=ctx["src"], printed_atk=atk_a))
    g.emit("swap_atk", uid=a.uid, target=b.uid)


vocab.add_op("swap printed atk")
