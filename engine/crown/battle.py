"""Battles: attackers committed face down, a battle card chosen by both sides at once, the reveal, dice,
totals (the defender wins ties), conquest, robots going home, rewards and the "0" card's black section.

`s.battle` holds the battle under way: attacker, defender (a participant, or KING), area, citadel space,
attackers, the cards chosen ({side: card}), Vizio's guess and the dice.
"""

from __future__ import annotations

from typing import Any

from engine.crown import aiplay
from engine.crown.ctx import CITADEL, G
from engine.crown.zones import gain, robot_home, strength, take_control, unfortify

KING = -1


def start(g: G, attacker: int, area: int, space: int) -> None:
    s = g.s
    s.last_battle = None  # the board shows the battle under way instead
    owner = s.area(area).owner
    defender = KING if area == CITADEL and s.king else owner
    assert defender is not None
    s.battle = {
        "attacker": attacker,
        "defender": defender,
        "area": area,
        "space": space,
        "attackers": [],
        "cards": {},
        "unmasked": False,
        "revealed": False,
        "guess": None,
        "rolls": {},
    }
    g.emit("attack", side=attacker, area=area, space=space, defender=defender)
    if g.side(attacker).ai:
        cap = max_attackers(g, area)
        chosen = aiplay.best_set(g, g.side(attacker).hand, cap)
        commit(g, list(chosen))
    else:
        s.pending.append({"kind": "commit", "seat": attacker})


def max_attackers(g: G, area: int) -> int:
    return int(g.d.rules["max_citadel_attackers" if area == CITADEL else "max_attackers"])


def commit(g: G, warriors: list[str]) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    side = g.side(b["attacker"])
    for wid in warriors:
        side.hand.remove(wid)
    b["attackers"] = warriors
    if side.ai:
        g.emit("commit_open", side=b["attacker"], warriors=warriors)
    else:
        g.emit("commit", g.only(b["attacker"]), side=b["attacker"], warriors=warriors)
        g.emit("commit_count", side=b["attacker"], n=len(warriors))
    defender = b["defender"]
    if defender != KING and _ability(g, defender, "vizio") and not side.ai:
        s.pending.append({"kind": "unmask", "seat": defender})
        return
    ask_cards(g)


def _ability(g: G, who: int, lord: str) -> bool:
    """Whether `who` is a player with this lord and an ability token that may still be used."""
    if who == KING or not g.advanced:
        return False
    side = g.side(who)
    return not side.ai and side.lord == lord and side.token


def unmask(g: G, use: bool) -> None:
    b = g.s.battle
    assert b is not None
    if use:
        from engine.crown.abilities import spend

        spend(g, b["defender"], "unmasking")
        b["unmasked"] = True
        g.emit("unmasked", side=b["defender"], warriors=b["attackers"][:])
    ask_cards(g)


def ask_cards(g: G) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    owed = []
    for who in (b["attacker"], b["defender"]):
        if who == KING:
            continue
        side = g.side(who)
        if side.ai:
            if not side.cards:
                side.cards, side.discard = side.discard, []
                g.shuffle(side.cards)
                g.emit("ai_battle_shuffle", side=who)
            card = g.draw(side.cards, "ai_battle")
            b["cards"][str(who)] = card
            g.emit("ai_card_down", frozenset(), side=who, card=card)
        else:
            owed.append(who)
    if owed:
        s.pending.append({"kind": "cards", "seats": owed})
        g.emit("choose_cards", sides=owed)
        return
    after_cards(g)


def choose(g: G, who: int, card: str) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    again = str(who) in b["cards"]
    b["cards"][str(who)] = card
    g.emit("card_chosen", g.only(who), side=who, card=card)
    if not again:
        g.emit("card_ready", side=who)
    head = s.pending[0]
    if all(str(x) in b["cards"] for x in head["seats"]):
        s.pending.pop(0)
        after_cards(g)


def after_cards(g: G) -> None:
    b = g.s.battle
    assert b is not None
    for who in (b["attacker"], b["defender"]):
        if _ability(g, who, "vizio"):
            g.s.pending.append({"kind": "warn", "seat": who})
            return
    reveal(g)


def warn(g: G, who: int, guess: str | None) -> None:
    b = g.s.battle
    assert b is not None
    if guess is not None:
        from engine.crown.abilities import spend

        spend(g, who, "warning")
        b["guess"] = [who, guess]
        g.emit("warning", g.only(who), side=who, card=guess)
        g.emit("warning_sealed", side=who)
    reveal(g)


def reveal(g: G) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    cards = {k: v for k, v in b["cards"].items()}
    b["revealed"] = True
    g.emit("reveal", attacker=b["attacker"], warriors=b["attackers"][:], cards=cards)
    if b["guess"] is not None:
        who, guess = b["guess"]
        target = str(b["defender"] if who == b["attacker"] else b["attacker"])
        b["guess"] = [who, guess, cards.get(target) == guess]
        g.emit("warning_result", side=who, card=guess, right=cards.get(target) == guess)
    rolled = False
    for who, card in cards.items():
        if g.d.cards[card].die and not _cancelled(b, who):
            b["rolls"][who] = g.roll()
            g.emit("roll", side=int(who), value=b["rolls"][who])
            rolled = True
    if rolled:
        for who in (b["attacker"], b["defender"]):
            if _ability(g, who, "mors"):
                s.pending.append({"kind": "reroll", "seat": who})
                return
    resolve(g)


def _cancelled(b: dict[str, Any], who: str) -> bool:
    """Vizio guessed this side's card right: its value is 1 (no roll)."""
    guess = b["guess"]
    return guess is not None and len(guess) == 3 and guess[2] and str(guess[0]) != who


def reroll(g: G, who: int, target: str | None) -> None:
    b = g.s.battle
    assert b is not None
    if target is not None:
        from engine.crown.abilities import spend

        spend(g, who, "reroll")
        b["rolls"][target] = g.roll()
        g.emit("reroll", side=who, target=int(target), value=b["rolls"][target])
    resolve(g)


def card_value(g: G, b: dict[str, Any], who: int) -> int:
    card = b["cards"].get(str(who))
    if card is None:
        return 0
    c = g.d.cards[card]
    if _cancelled(b, str(who)) and g.opt("vizio_warning") == "card_to_1":
        return 0 if (c.attack == 0 and not c.die) else 1
    return int(b["rolls"].get(str(who), 0)) if c.die else c.attack


def totals(g: G) -> tuple[int, int]:
    s = g.s
    b = s.battle
    assert b is not None
    atk = strength(g, b["attackers"]) + card_value(g, b, b["attacker"])
    if b["area"] == CITADEL:
        atk += g.d.citadel_spaces[b["space"]].modifier
    if b["defender"] == KING:
        dfn = int(g.d.rules["king_attack"])
    else:
        dfn = strength(g, s.area(b["area"]).defenders, b["area"]) + card_value(g, b, b["defender"])
    guess = b["guess"]
    if guess is not None and len(guess) == 3 and guess[2] and g.opt("vizio_warning") == "total_to_1":
        if guess[0] == b["attacker"]:
            dfn = 1
        else:
            atk = 1
    return atk, dfn


def resolve(g: G) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    atk, dfn = totals(g)
    attacker, defender, where = b["attacker"], b["defender"], b["area"]
    area = s.area(where)
    won = atk > dfn
    winner = attacker if won else defender
    g.emit("battle", attacker=attacker, defender=defender, area=where, atk=atk, dfn=dfn, won=won)
    if won:
        beaten = area.defenders
        area.defenders = []
        _fall(g, defender, beaten)
        if defender == KING:
            s.king = False
            g.side(attacker).royal = True
            g.emit("king_falls", side=attacker)
        area.defenders = [w for w in b["attackers"] if not g.w(w).robot]
        for wid in b["attackers"]:
            if g.w(wid).robot:
                robot_home(g, wid)
        take_control(g, attacker, where)
        unfortify(g, where)
        standing = area.defenders[:]
    else:
        _fall(g, attacker, b["attackers"])
        standing = area.defenders[:]
    s.last_battle = {
        "attacker": attacker,
        "defender": defender,
        "area": where,
        "warriors": b["attackers"][:],
        "cards": dict(b["cards"]),
        "rolls": dict(b["rolls"]),
        "atk": atk,
        "dfn": dfn,
        "won": won,
    }
    s.battle = None
    for who in (attacker, defender):
        if who == KING:
            continue
        card = g.d.cards[b["cards"][str(who)]]
        if who == winner:
            gain(g, who, card.win, "battle_won")
        elif card.black:
            _black(g, who, winner, standing if winner != KING else [], where, attacked=who == attacker)
        else:
            gain(g, who, card.lose, "battle_lost")
        _discard(g, who, card.id)


def _fall(g: G, who: int, warriors: list[str]) -> None:
    """Beaten warriors go to their owner's graveyard; robots go back to their deck."""
    if who == KING:
        g.emit("king_holds")
        return
    side = g.side(who)
    for wid in warriors:
        if g.w(wid).robot:
            robot_home(g, wid)
        else:
            side.grave.append(wid)
    fallen = [w for w in warriors if not g.w(w).robot]
    if fallen:
        g.emit("fallen", side=who, warriors=fallen)


def _discard(g: G, who: int, card: str) -> None:
    side = g.side(who)
    if not side.ai:
        side.cards.remove(card)
    side.discard.append(card)
    if not side.ai and not side.cards:
        side.cards, side.discard = sorted(side.discard, key=_card_order), []
        g.emit("cards_back", side=who)


def _card_order(card: str) -> int:
    return ("0", "1", "3", "4", "die").index(card)


def _black(g: G, loser: int, winner: int, standing: list[str], area: int, attacked: bool) -> None:
    """The "0" card lost: the loser chooses damage (the winner loses a warrior that fought) or recovery
    (one warrior back from the graveyard). The AI takes damage when it attacked, recovery when it defended."""
    side = g.side(loser)
    if side.ai:
        if attacked and standing:
            damage(g, winner, area, standing)
        elif side.grave:
            best = max(side.grave, key=lambda w: (g.w(w).attack, g.w(w).level, w))
            recover(g, loser, best)
        return
    if not standing and not side.grave:
        return
    g.s.pending.insert(0, {"kind": "zero", "seat": loser, "winner": winner, "area": area, "standing": standing})


def damage(g: G, winner: int, area: int, standing: list[str]) -> None:
    if g.side(winner).ai:
        weakest = min(standing, key=lambda w: (g.w(w).attack, g.w(w).level, w))
        lose(g, winner, area, weakest)
        return
    g.s.pending.insert(0, {"kind": "damage", "seat": winner, "area": area, "standing": standing})


def lose(g: G, winner: int, area: int, wid: str) -> None:
    a = g.s.area(area)
    a.defenders.remove(wid)
    g.side(winner).grave.append(wid)
    unfortify(g, area)
    g.emit("damage", side=winner, warrior=wid, area=area)


def recover(g: G, who: int, wid: str) -> None:
    side = g.side(who)
    side.grave.remove(wid)
    side.hand.append(wid)
    g.emit("recover", side=who, warrior=wid)
