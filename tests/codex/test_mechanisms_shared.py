"""Shared mechanisms several colours use: would-die replacements, copies, subtype grants, gold theft, looking
at a hand, putting a card into play from a zone, rune costs, delayed steps, evasion and player zones."""

from __future__ import annotations

import json

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.codex.state import Mod, State


def table() -> Table:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar")
    return t


def test_two_lives_undoes_the_first_death_only() -> None:
    t = table()
    jj = t.put(1, "Justice Juggernaut", damage=5)
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "justice-juggernaut"}}}])
    assert t.alive(jj) and t.thing(jj).damage == 0 and t.thing(jj).marks["crumbling"] == 1
    assert not t.s.players[1].discard
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "justice-juggernaut"}}}])
    assert not t.alive(jj) and t.s.players[1].discard


def test_copy_takes_the_printed_card_and_ends_with_the_turn() -> None:
    t = table()
    me = t.put(0, "Tenderfoot", runes=1)
    other = t.put(1, "Iron Man", runes=2)
    t.thing(other).mods.append(Mod(atk=3, until="ever"))
    t.s.ords["iron-man"] = 5
    t.effect(
        0,
        [
            {"op": "ready", "to": {"each": {"card": "tenderfoot"}}, "as": "me"},
            {"op": "copy", "onto": "me", "until": "turn", "to": {"each": {"card": "iron-man", "side": "opponent"}}},
        ],
    )
    th = t.thing(me)
    assert th.card == "iron-man"
    # The copy is Iron Man as printed (3/4), plus its own +1/+1 rune; the original's runes and modifier stay.
    assert (t.atk(me), t.hp(me)) == (4, 5)
    assert t.name(me) == "Iron Man#6"
    t.act("end")
    assert t.thing(me).card == "tenderfoot" and t.name(me).startswith("Tenderfoot#")


def test_a_copy_that_dies_goes_to_the_discard_as_its_own_card() -> None:
    t = table()
    me = t.put(0, "Tenderfoot")
    t.put(1, "Iron Man")
    t.effect(
        0,
        [
            {"op": "ready", "to": {"each": {"card": "tenderfoot"}}, "as": "me"},
            {"op": "copy", "onto": "me", "until": "ever", "to": {"each": {"card": "iron-man"}}},
        ],
    )
    t.thing(me).damage = 9
    t.effect(0, [])  # the checks after it find the copy dead
    assert me in t.s.players[0].discard and t.s.cards[me][0] == "tenderfoot"


def test_subtype_from_a_modifier_makes_an_illusion_that_dies_when_targeted() -> None:
    t = table()
    t.gold(0, 5)
    u = t.put(1, "Older Brother")
    t.thing(u).mods.append(Mod(until="turn", sub=("illusion",)))
    assert t.q.is_illusion(t.thing(u))
    t.give(0, "Wither")
    t.act("play Wither")
    t.act(f"choose {t.name(u)}")
    assert not t.alive(u)


def test_steal_gold_takes_what_there_is() -> None:
    t = table()
    t.gold(0, 3)
    t.gold(1, 1)
    t.effect(0, [{"op": "steal gold", "n": 2}])
    assert (t.s.players[0].gold, t.s.players[1].gold) == (4, 0)
    t.effect(0, [{"op": "steal gold", "n": 1}])
    assert t.s.players[0].gold == 4
    assert GAME.describe_event(t.events[-1], 1) == "p1 finds no gold to steal."


def test_looking_at_a_hand_shows_the_cards_to_the_looker_only() -> None:
    t = table()
    t.give(1, "Iron Man", "Wither")
    secret = GAME.hidden_cards(t.s, 1)
    assert len(secret) == 2
    t.effect(0, [{"op": "look at", "zone": "hand", "whose": "opponent"}])
    looked = [e for e in t.events if e.kind == "looked"]
    assert looked and looked[-1].to == frozenset({0})
    assert sorted(looked[-1].data["names"]) == sorted(secret)
    # The looker knows them now: they are no longer secret to seat 1 alone (the leak checks agree).
    assert GAME.hidden_cards(t.s, 1) == set()


def test_put_into_play_from_an_opponents_discard() -> None:
    t = table()
    iron, _wither = t.give(1, "Iron Man", "Wither", zone="discard")
    t.effect(
        0,
        [
            {
                "op": "put into play",
                "from": "discard",
                "whose": "opponent",
                "filter": {"kind": ["unit"], "tech": [1, 2]},
                "optional": True,
            },
            {"op": "draw", "n": 1},
        ],
    )
    assert t.s.pending["options"] == [iron, "none"]
    t.act("choose Iron Man")
    th = t.thing(iron)
    assert th.ctrl == 0 and th.owner == 1 and iron not in t.s.players[1].discard


def test_remove_runes_cost_and_delayed_steps() -> None:
    from engine.codex.rules import ability_usable

    t = table()
    u = t.put(0, "Tenderfoot")
    ab = {"cost": {"remove runes": {"+1/+1": 1}}, "do": []}
    assert not ability_usable(t.g, t.q, t.thing(u), "x", ab)
    t.thing(u).runes = 1
    assert ability_usable(t.g, t.q, t.thing(u), "x", ab)
    t.effect(0, [{"op": "later", "at": "end of turn", "do": [{"op": "trash", "to": {"each": {"card": "tenderfoot"}}}]}])
    assert t.alive(u)
    t.act("end")
    assert not t.alive(u) and u in t.s.players[0].removed


def test_player_zones_and_marks_survive_json() -> None:
    t = table()
    (uid,) = t.give(1, "Iron Man")
    p = t.s.players[0]
    p.hand.remove(uid) if uid in p.hand else t.s.players[1].hand.remove(uid)
    p.zones["jail"] = [uid]
    p.marks["silenced"] = 3
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(t.s))))
    assert isinstance(again, State)
    assert again.players[0].zones == {"jail": [uid]} and again.players[0].marks == {"silenced": 3}
    assert GAME.card_count(again) == GAME.card_count(t.s)


def test_preventers_see_combat_hits_that_land_together() -> None:
    from engine.codex.ctx import G
    from engine.codex.prevention import PREVENT, Hit
    from engine.codex.stats import Q

    seen: list[Hit] = []

    def spy(g: G, qq: Q, hit: Hit) -> int:
        seen.append(hit)
        return hit.n

    t = table()
    ob = t.put(0, "Older Brother")
    t.put(1, "Iron Man")
    t.built(1, "tower")
    PREVENT.append(spy)
    try:
        t.act("attack Older Brother -> Iron Man")
    finally:
        PREVENT.remove(spy)
    on_ob = [h for h in seen if h.ref == ob]
    assert [(h.n, h.nth, len(h.together)) for h in on_ob] == [(3, 0, 2), (1, 1, 2)]  # Iron Man's 3, the Tower's 1
    assert all(not h.together for h in seen if h.ref != ob)  # Older Brother's own hit lands alone


def test_hand_play_bans_only_concern_cards_in_hand() -> None:
    from engine.codex.rules import HAND_PLAY_BANS, play_banned

    def no_hand(g: object, qq: object, seat: int, card: object) -> bool:
        return seat == 0

    t = table()
    t.gold(0, 5)
    t.give(0, "Tenderfoot")
    assert t.can("play Tenderfoot")
    HAND_PLAY_BANS.append(no_hand)
    try:
        assert not t.can("play Tenderfoot") and t.can("worker Tenderfoot")
        card = t.cat["tenderfoot"]
        assert play_banned(t.g, t.q, 0, card) and not play_banned(t.g, t.q, 0, card, zone="codex")
    finally:
        HAND_PLAY_BANS.remove(no_hand)
