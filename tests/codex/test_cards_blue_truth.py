"""Blue's Truth spec, Sirus Quince and his Mirror Illusions: Free Speech, Hallucination, Dreamscape, Mind
Control, Spectral Flagbearer, Spectral Hound, Macciatus, Reteller of Truths, Spectral Tiger, Spectral Roc,
Eyes of the Chancellor, Liberty Gryphon."""

from __future__ import annotations

import json

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table


def table(level: int = 1, gold: int = 20, max_since_start: bool = False) -> Table:
    """P1 (active) with Sirus Quince in play (no Mirror yet) and gold; P2 with nothing. Hands are empty."""
    t = Table(hero1="sirus-quince")
    t.clear()
    t.gold(0, gold)
    h = t.put(0, "sirus-quince", level=level)
    t.thing(h).max_at_start = max_since_start
    return t


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


def quince(t: Table) -> int:
    return things(t, "sirus-quince")[0]


# ------------------------------------------------------------------------------------------- Free Speech


@pytest.mark.cards("free-speech")
def test_free_speech_silences_an_opponents_heroes_until_after_their_next_turn() -> None:
    t = table()
    troq = t.put(1, "troq-bashar", level=5)  # mid band: an attack trigger
    stats = (t.atk(troq), t.hp(troq))
    assert t.q.abilities(t.thing(troq))
    t.give(0, "Free Speech")
    t.act("play Free Speech")
    assert t.q.abilities(t.thing(troq)) == [] and t.kw(troq) == {}
    assert (t.atk(troq), t.hp(troq)) == stats  # stats stay
    t.end_turn()
    t.gold(1, 10)
    t.give(1, "Spark")
    t.put(0, "Tenderfoot", slot="elite")
    assert not t.can("play Spark", 1)  # a silenced player's heroes cast nothing
    t.act("level Troq Bashar 1", 1)  # levelling still works
    t.end_turn()
    assert t.q.abilities(t.thing(troq)) and not t.s.players[1].marks


# ----------------------------------------------------------------------------------------- Hallucination


@pytest.mark.cards("hallucination")
def test_hallucination_makes_up_to_two_units_illusions_this_turn() -> None:
    t = table()
    a = t.put(1, "Older Brother")
    b = t.put(1, "Hired Stomper")
    t.give(0, "Hallucination", "Wither")
    t.act("play Hallucination")
    t.act("choose Older Brother")
    t.act("choose Hired Stomper")
    assert t.q.is_illusion(t.thing(a)) and t.q.is_illusion(t.thing(b))
    t.act("play Wither")
    t.act("choose Older Brother")
    assert not t.alive(a)
    t.end_turn()
    assert not t.q.is_illusion(t.thing(b))


# -------------------------------------------------------------------------------------------- Dreamscape


@pytest.mark.cards("dreamscape")
def test_dreamscape_makes_low_tech_units_illusions_while_channeled() -> None:
    t = table()
    low = t.put(1, "Hired Stomper")
    high = t.put(1, "Lawbringer Gryphon")
    t.give(0, "Dreamscape")
    t.act("play Dreamscape")
    assert t.q.is_illusion(t.thing(low)) and not t.q.is_illusion(t.thing(high))
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "sirus-quince"}}}])
    assert not things(t, "dreamscape") and not t.q.is_illusion(t.thing(low))


# ------------------------------------------------------------------------------------------ Mind Control


@pytest.mark.cards("mind-control")
def test_mind_control_takes_the_unit_while_attached() -> None:
    t = table(level=5, max_since_start=True)
    u = t.put(1, "Hired Stomper", slot="elite")
    t.give(0, "Mind Control")
    t.act("play Mind Control")
    mc = things(t, "mind-control")[0]
    assert t.thing(u).ctrl == 0 and t.thing(mc).attached == u and u not in t.s.players[1].patrol
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "mind-control"}}}])
    assert t.thing(u).ctrl == 1  # Mind Control gone: back to who had it


@pytest.mark.cards("mind-control")
def test_mind_control_and_its_unit_go_to_their_owners_discard_piles() -> None:
    t = table(level=5, max_since_start=True)
    u = t.put(1, "Hired Stomper")
    t.give(0, "Mind Control")
    t.act("play Mind Control")
    mc = things(t, "mind-control")[0]
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert u in t.s.players[1].discard and mc in t.s.players[0].discard


# ------------------------------------------------------------------------------------------ the Spectrals


@pytest.mark.cards("spectral-hound", "spectral-tiger", "spectral-roc", "spectral-flagbearer")
def test_spectral_units_are_illusions_that_die_when_targeted() -> None:
    t = table()
    t.built(0, "tech1", "tech2", spec="truth")
    for name in ("Spectral Hound", "Spectral Tiger", "Spectral Roc", "Spectral Flagbearer"):
        u = t.put(1, name)
        assert t.q.is_illusion(t.thing(u))
    t.give(0, "Wither")
    t.act("play Wither")  # the flagbearer must be the target, and dies
    assert not things(t, "spectral-flagbearer") and len(t.s.players[1].discard) == 1
    assert "flying" in t.kw(things(t, "spectral-roc")[0])


# -------------------------------------------------------------------------------------------- Macciatus


@pytest.mark.cards("macciatus-the-whisperer")
def test_macciatus_buffs_your_illusions_and_keeps_them_alive_when_targeted() -> None:
    t = table()
    t.put(0, "Macciatus, The Whisperer")
    hound = t.put(0, "Spectral Hound")
    foe = t.put(1, "Spectral Hound")
    assert (t.atk(hound), t.hp(hound)) == (4, 4) and t.atk(foe) == 3
    t.give(0, "Wither")
    t.act("play Wither")
    t.act(f"choose {t.name(hound)}")
    assert t.alive(hound) and t.thing(hound).runes == -1


# ----------------------------------------------------------------------------------- Reteller of Truths


@pytest.mark.cards("reteller-of-truths")
def test_reteller_returns_the_first_two_illusion_deaths_each_turn_to_hand() -> None:
    t = table()
    t.put(0, "Reteller of Truths")
    hounds = [t.put(0, "Spectral Hound") for _ in range(3)]
    token = t.put(0, "mirror-illusion")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "mirror-illusion"}}}])  # a token: not counted
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "spectral-hound"}}}])
    hand, discard = t.s.players[0].hand, t.s.players[0].discard
    assert sum(h in hand for h in hounds) == 2 and sum(h in discard for h in hounds) == 1
    assert not t.alive(token)


@pytest.mark.cards("reteller-of-truths")
def test_reteller_returns_itself() -> None:
    t = table()
    r = t.put(0, "Reteller of Truths")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "reteller-of-truths"}}}])
    assert r in t.s.players[0].hand


# ------------------------------------------------------------------------------- Eyes of the Chancellor


@pytest.mark.cards("eyes-of-the-chancellor")
def test_eyes_reveal_opposing_hands_and_make_a_unit_invisible() -> None:
    t = table()
    t.put(0, "Eyes of the Chancellor", fresh=True)
    u = t.put(0, "Tenderfoot")
    (secret,) = t.give(1, "Iron Man")
    assert GAME.hidden_cards(t.s, 1) == set()  # face up now
    view = GAME.view(t.s, 0)
    assert view["players"][1]["hand_cards"] == [t.name(secret)]
    assert "detector" in t.kw(things(t, "eyes-of-the-chancellor")[0])
    t.act("ability Eyes of the Chancellor")  # haste: usable at once
    assert "invisible" in t.kw(u)
    t.end_turn()
    assert "invisible" in t.kw(u)
    t.end_turn()
    assert "invisible" not in t.kw(u)


@pytest.mark.cards("eyes-of-the-chancellor")
def test_eyes_do_not_reveal_their_controllers_hand() -> None:
    t = table()
    t.put(0, "Eyes of the Chancellor")
    (mine,) = t.give(0, "Spark")
    assert t.name(mine) in GAME.hidden_cards(t.s, 0)
    assert "hand_cards" not in json.dumps(GAME.view(t.s, 1)["players"][0])


# ------------------------------------------------------------------------------------- Liberty Gryphon


@pytest.mark.cards("liberty-gryphon")
def test_liberty_gryphon_is_untouchable_with_another_illusion() -> None:
    t = table()
    lg = t.put(1, "Liberty Gryphon")
    assert "untargetable" not in t.kw(lg)
    t.put(1, "Spectral Hound")
    assert {"unstoppable", "unattackable", "untargetable"} <= set(t.kw(lg))
    t.put(0, "Spectral Roc")
    assert not t.can("attack Spectral Roc -> Liberty Gryphon")


# --------------------------------------------------------------------------------- Sirus Quince, Mirror


@pytest.mark.cards("sirus-quince", "mirror-illusion")
def test_quince_makes_mirrors_up_to_two() -> None:
    t = Table(hero1="sirus-quince")
    t.clear()
    t.gold(0, 10)
    t.act("summon Sirus Quince")
    assert len(things(t, "mirror-illusion", 0)) == 1
    t.act("ability Sirus Quince")
    assert len(things(t, "mirror-illusion", 0)) == 2 and t.s.players[0].gold == 10 - 2 - 2
    t.act("ability Sirus Quince")
    assert len(things(t, "mirror-illusion", 0)) == 2  # limit 2


@pytest.mark.cards("sirus-quince", "mirror-illusion")
def test_quince_mid_copies_as_an_illusion_trashed_at_end_of_turn() -> None:
    t = table(level=3)
    m = t.put(0, "mirror-illusion")
    foe = t.put(1, "Hired Stomper", runes=1)
    t.act("ability Sirus Quince: copy")
    assert t.thing(m).card == "hired-stomper" and t.q.is_illusion(t.thing(m))
    printed = t.cat["hired-stomper"].facts
    assert (t.atk(m), t.hp(m)) == (printed.atk, printed.hp) and t.thing(foe).runes == 1
    assert not t.can("ability Sirus Quince: copy")  # no Mirror Illusion left (the copy is not one)
    t.act("end")
    assert not t.alive(m)


@pytest.mark.cards("sirus-quince", "mirror-illusion")
def test_quince_max_copies_an_arriving_unit_tied_to_quince_and_the_original() -> None:
    t = table(level=5)
    m = t.put(0, "mirror-illusion")
    (iron,) = t.give(0, "Iron Man")
    t.built(0, "tech1")
    t.act("play Iron Man")
    t.act("choose yes")
    assert t.thing(m).card == "iron-man" and t.q.is_illusion(t.thing(m))
    t.effect(1, [{"op": "bounce", "to": {"each": {"card": "iron-man", "token": False}}}])
    assert iron in t.s.players[0].hand and not t.alive(m)
