"""Notation (one text per action, stable copy numbers) and views (what each seat may see)."""

from __future__ import annotations

import json
import random

import pytest

from engine.codex import GAME
from engine.codex.actions import VERBS
from engine.codex.cards import catalog
from engine.codex.notation_check import GRAMMAR
from engine.codex.scenario import Table
from engine.core import BadNotation, IllegalAction
from engine.playout import play


def test_notation_examples() -> None:
    t = Table()
    t.clear()
    t.gold(0, 20)
    t.workers(0, 6)
    t.give(0, "Tenderfoot", "Timely Messenger")
    ob = t.put(0, "Older Brother")
    texts = set(t.legal())
    for text in (
        "play Tenderfoot",
        "summon Troq Bashar",
        "build tech1",
        "build surplus",
        "build tower",
        "worker Timely Messenger",
        "attack Older Brother -> base",
        "patrol Older Brother elite",
        "end",
    ):
        assert text in texts, text
    t.act("summon Troq Bashar")
    assert t.can("level Troq Bashar 2")
    t.act("end")
    assert t.can("tech The Boot, Wrecking Ball", seat=0) and t.can("tech Iron Man, Iron Man", seat=0)
    # Any order of the names parses to the one canonical pick.
    pick = GAME.parse_action(t.s, 0, "tech Wrecking Ball, The Boot")
    assert GAME.describe_action(t.s, 0, pick) == "tech The Boot, Wrecking Ball"
    assert ob


def test_copy_numbers_appear_only_when_needed_and_always_parse() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother")
    b = t.put(1, "Tenderfoot")
    assert t.can("attack Older Brother -> Tenderfoot")
    full = GAME.parse_action(t.s, 0, f"attack {t.name(a)} -> {t.name(b)}")  # the full form always works
    assert GAME.describe_action(t.s, 0, full) == "attack Older Brother -> Tenderfoot"
    c = t.put(1, "Tenderfoot")
    assert t.can(f"attack Older Brother -> {t.name(c)}") and not t.can("attack Older Brother -> Tenderfoot")
    assert t.name(c) != t.name(b)


def test_parse_accepts_case_spacing_arrows_and_labels() -> None:
    t = Table()
    t.clear()
    ob = t.put(0, "Older Brother")
    foot = t.put(1, "Tenderfoot")
    for text in ("ATTACK older brother  -> BASE", "attack Older Brother → base", f"attack {t.name(ob)} -> base"):
        action = GAME.parse_action(t.s, 0, text)
        assert GAME.describe_action(t.s, 0, action) == "attack Older Brother -> base"
    # Any card may be named by its full label, whether or not the others are.
    for text in (f"attack {t.name(ob)} -> Tenderfoot", f"attack older brother -> {t.name(foot).upper()}"):
        assert GAME.describe_action(t.s, 0, GAME.parse_action(t.s, 0, text)) == "attack Older Brother -> Tenderfoot"


def test_a_text_that_is_only_close_to_an_action_is_refused_with_did_you_mean() -> None:
    """Only a text that is exactly one legal action is taken; the start of one is never completed."""
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    with pytest.raises(BadNotation, match=r"Did you mean `attack Older Brother -> base`\?"):
        GAME.parse_action(t.s, 0, "attack older brother -> b")
    with pytest.raises(BadNotation, match=r"There is no card called `Older Brothr` \(did you mean `Older Brother`\?\)"):
        GAME.parse_action(t.s, 0, "attack Older Brothr -> base")
    t.act("end")
    before = json.dumps(GAME.to_json(t.s), sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        t.act("tech Wrecking Ball", seat=0)
    # One card is Codex notation (`tech Iron Man` with a one-card codex), so this is "not now", not a typo.
    assert not isinstance(refused.value, BadNotation)
    assert "Did you mean `tech Wrecking Ball, Wrecking Ball`?" in refused.value.message
    assert json.dumps(GAME.to_json(t.s), sort_keys=True) == before and t.s.players[0].tech_pick is None
    t.act("tech Wrecking Ball, Wrecking Ball", seat=0)
    assert t.s.players[0].tech_pick is not None


@pytest.mark.parametrize(
    ("text", "typo"),
    [
        ("atack Older Brother -> base", True),
        ("attack Older Brother", True),
        ("attack Older Brother -> bse", True),
        ("patrol Older Brother eleet", True),
        ("build tech2 finese", True),
        ("choose Tendrfoot", True),
        ("end turn", True),
        ("play Spark", False),
        ("attack Older Brother -> Tenderfoot", False),
        ("attack Older Brother -> tech1", False),
        ("patrol Older Brother lookout", False),
        ("choose yes", False),
        ("level Troq Bashar 2", False),
        ("tech none", False),
    ],
)
def test_typos_are_bad_notation_and_well_formed_moves_not_legal_now_are_illegal(text: str, typo: bool) -> None:
    t = Table()
    t.clear()
    t.gold(0, 0)
    t.put(0, "Older Brother", exhausted=True)
    with pytest.raises(IllegalAction) as refused:
        GAME.parse_action(t.s, 0, text)
    assert isinstance(refused.value, BadNotation) == typo, refused.value.message
    assert ("not Codex notation" in refused.value.message) == typo
    assert set(GRAMMAR) == VERBS  # every verb has its grammar


@pytest.mark.parametrize("hero", catalog().playable_heroes())
def test_every_legal_action_is_codex_notation(hero: str) -> None:
    """The grammar that tells typos apart accepts the text of every legal action met along a playout."""
    opts = {"hero1": hero, "hero2": "troq-bashar" if hero != "troq-bashar" else "river-montoya"}

    checked = 0
    for played in play(GAME, 2, 7, opts, step_cap=250):
        for seat in GAME.to_move(played.state):
            for a in GAME.legal_actions(played.state, seat):
                text = GAME.describe_action(played.state, seat, a)
                assert GAME.notation_problem(played.state, seat, text) is None, text
                checked += 1
    assert checked > 250


def test_bad_notation_explains_whats_legal() -> None:
    t = Table()
    with pytest.raises(BadNotation, match="Legal now"):
        GAME.parse_action(t.s, 0, "attack nothing -> nobody")


def test_every_legal_action_has_a_unique_text() -> None:
    t = Table()
    t.clear()
    for name in ("Older Brother", "Older Brother", "Tenderfoot"):
        t.put(0, name)
    t.put(1, "Older Brother")
    texts = t.legal()
    assert len(texts) == len(set(texts))
    for action in GAME.legal_actions(t.s, 0):
        assert GAME.parse_action(t.s, 0, GAME.describe_action(t.s, 0, action)) == action


def test_public_view_shows_counts_only() -> None:
    t = Table()
    v = GAME.view(t.s, None)
    assert "you" not in v
    p1 = v["players"][0]
    assert p1["hand"] == 5 and p1["deck"] == 5 and p1["discard"] == 0 and p1["gold"] == 4
    assert isinstance(p1["hand"], int) and p1["tech_pick"] == "closed"
    text = str(v)
    for uid in t.s.players[0].hand + t.s.players[1].hand:
        assert t.name(uid) not in text


def test_seat_view_shows_own_hand_codex_pick_and_deck_count() -> None:
    t = Table()
    t.act("end")
    t.act("tech Eggship, Eggship", seat=0)
    mine = GAME.view(t.s, 0)["you"]
    assert len(mine["hand"]) == len(t.s.players[0].hand) and mine["deck"] == len(t.s.players[0].deck)
    assert mine["codex"]["Eggship"] == 2 and mine["tech_pick"] == ["Eggship", "Eggship"]
    theirs = GAME.view(t.s, 1)
    assert theirs["you"]["seat"] == 1 and "Eggship" not in str(theirs["you"]["tech_pick"])
    assert theirs["players"][0]["tech_pick"] == "made"


def test_pending_choice_options_only_for_the_chooser() -> None:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar")
    t.give(0, "Wither")
    t.put(1, "Older Brother")
    t.act("play Wither")
    assert "options" in GAME.view(t.s, 0)["pending"] and "options" not in GAME.view(t.s, 1)["pending"]
    assert GAME.to_move(t.s) == frozenset({0})
    lines = GAME.view_lines(GAME.view(t.s, 0))
    assert any("Options" in line for line in lines)


def test_events_keep_private_draws_private() -> None:
    t = Table()
    step = t.act("end")
    drew = [e for e in step.events if e.kind == "drew"]
    assert drew and all(e.to == frozenset({0}) for e in drew)
    assert all(e.to is None for e in step.events if e.kind == "draw")
    hidden = [e for e in step.events if e.kind == "deck_order"]
    assert all(e.to == frozenset() for e in hidden)


def test_opening_events_record_the_deal() -> None:
    t = Table(seed=5)
    events = GAME.opening_events(t.s)
    kinds = [e.kind for e in events]
    assert kinds.count("deck_order") == 2 and kinds.count("drew") == 2
    again = GAME.opening_events(GAME.setup(2, {"first_player": "p1"}, 5))
    assert [e.to_json() for e in again] == [e.to_json() for e in events]


def test_snapshots_are_small() -> None:
    import json

    t = Table()
    assert len(json.dumps(GAME.to_json(t.s))) < 10_000


# ------------------------------------------------------------------------------------------ last turn


def test_last_turn_covers_the_turn_in_progress_once_its_player_acted() -> None:
    t = Table()
    t.clear()
    t.gold(0, 10)
    ob = t.put(0, "Older Brother")
    assert GAME.view(t.s, None)["last_turn"] is None  # nobody has played a turn yet
    t.act("attack Older Brother -> base")
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    last = GAME.view(t.s, None)["last_turn"]
    assert last["seat"] == 0 and last["turn"] == t.s.turn
    assert ob in last["things"] and "1:base" in last["buildings"]
    tender = next(u for u in t.s.things if t.s.things[u].card == "tenderfoot")
    assert tender in last["things"]
    assert any("attacks" in line for line in last["lines"])
    assert any("Tenderfoot" in line for line in last["lines"])
    # Every seat sees the same public record.
    assert GAME.view(t.s, 0)["last_turn"] == GAME.view(t.s, 1)["last_turn"] == last
    t.end_turn()
    # p2 has not acted yet: the board still shows p1's turn (without the draw-phase housekeeping).
    shown = GAME.view(t.s, None)["last_turn"]
    assert shown["seat"] == 0 and shown["turn"] == last["turn"]
    assert not any("draws" in line for line in shown["lines"][len(last["lines"]) :])
    t.act("build tower")
    now = GAME.view(t.s, None)["last_turn"]
    assert now["seat"] == 1 and now["turn"] == t.s.turn and "1:addon" in now["buildings"]
    assert t.s.recent["prev"] is None  # the turn before is no longer kept


def test_last_turn_says_what_each_line_tells() -> None:
    """The board orders the story by weight (deaths, base and building damage first), so each line carries
    its kind, read from the event rather than the sentence."""
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.act("attack Older Brother -> Tenderfoot")
    t.end_turn()
    t.end_turn()
    t.act("attack Older Brother -> base")
    last = GAME.view(t.s, None)["last_turn"]
    assert len(last["kinds"]) == len(last["lines"])
    told = dict(zip(last["lines"], last["kinds"], strict=True))
    assert told["Older Brother attacks p2's base."] == "attack"
    assert told["p2's base takes 2 damage."] == "damage:base"
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.act("attack Older Brother -> Tenderfoot")
    told = dict(zip(*(GAME.view(t.s, None)["last_turn"][k] for k in ("lines", "kinds")), strict=True))
    assert told["Tenderfoot dies."] == "died" and told["Tenderfoot takes 2 damage."] == "damage"
    # A record begun before kinds were kept gets blank kinds for its old lines, so they stay in step.
    t.s.recent["cur"].pop("kinds")
    before = len(t.s.recent["cur"]["lines"])
    t.act("build tower")
    kinds = GAME.view(t.s, None)["last_turn"]["kinds"]
    assert kinds[:before] == [""] * before and len(kinds) == len(GAME.view(t.s, None)["last_turn"]["lines"])


def test_last_turn_names_no_hidden_card_and_survives_snapshots() -> None:
    t = Table()
    t.clear()
    t.give(0, "Spark", zone="deck")
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    t.end_turn()
    t.act("build tower")
    t.end_turn()
    last = GAME.view(t.s, None)["last_turn"]
    assert not any("Spark" in line for line in last["lines"])
    assert GAME.from_json(GAME.to_json(t.s)).recent == t.s.recent
    # Old snapshots without the record still load.
    data = GAME.to_json(t.s)
    del data["recent"]
    assert GAME.view(GAME.from_json(data), None)["last_turn"] is None


def test_hand_entries_carry_card_facts_and_say_why_not() -> None:
    t = Table()
    t.clear()
    t.gold(0, 1)
    t.give(0, "Older Brother", "Tenderfoot", "Wither", "Sneaky Pig")
    t.give(1, "Older Brother")
    hand = {c["name"]: c for c in GAME.view(t.s, 0)["you"]["hand"]}
    ob = hand["Older Brother"]
    assert (ob["card"], ob["type"], ob["atk"], ob["hp"], ob["tech"]) == ("older-brother", "unit", 2, 2, 0)
    assert ob["subtypes"] == ["Drunkard"] and ob["reminder"]
    assert ob["playable"] is False and ob["why_not"] == "not enough gold"
    assert hand["Tenderfoot"]["playable"] is True and hand["Tenderfoot"]["why_not"] is None
    assert hand["Wither"]["why_not"] == "no hero to cast it"
    assert hand["Sneaky Pig"]["why_not"] == "needs Tech II"
    other = GAME.view(t.s, 1)["you"]["hand"][0]
    assert other["playable"] is False and other["why_not"] == "not your turn"


# ---------------------------------------------------------------------------------------- sentences


def _lines(t: Table) -> list[str]:
    return [x for e in t.events if e.to is None and (x := GAME.describe_event(e, None))]


def test_sentences_name_buildings_and_copies_plainly() -> None:
    t = Table()
    t.clear()
    t.gold(0, 10)
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    t.act("summon Troq Bashar")
    lines = _lines(t)
    assert "Older Brother attacks p2's base." in lines and "p2's base takes 2 damage." in lines
    assert "p1 summons Troq Bashar for 2 gold." in lines
    assert not any("#" in line for line in lines)  # only one card of each name around
    foe = t.put(1, "Older Brother")
    mine = t.put(0, "Older Brother")
    t.events = []
    t.act(f"attack {t.name(mine)} -> {t.name(foe)}")
    assert f"{t.name(mine)} attacks {t.name(foe)}." in _lines(t)
    t.events = []
    t.built(1, "tech1")
    t.put(0, "Tenderfoot")
    t.act("attack Tenderfoot -> tech1")
    assert "Tenderfoot attacks p2's Tech I." in _lines(t)


def _next_turn(t: Table) -> None:
    t.act("end")
    while t.s.phase == "await_tech":
        t.pick_tech(t.s.active)


def test_gold_discards_patrol_and_hand_sentences() -> None:
    t = Table()
    t.clear()
    t.give(0, "Tenderfoot")
    t.put(0, "Older Brother")
    t.act("patrol Older Brother elite")
    _next_turn(t)
    lines = _lines(t)
    assert "p1 discards 1 card." in lines and "p1 patrols: Older Brother (elite)." in lines
    assert any(line.startswith("p2 gains 5 gold (now ") for line in lines)
    _next_turn(t)
    t.events = []
    t.act("patrol Older Brother elite")  # the same patrol again: nothing to say
    _next_turn(t)
    assert not any("patrol" in line for line in _lines(t))
    _next_turn(t)
    t.events = []
    _next_turn(t)
    assert "p1 leaves the patrol zone empty." in _lines(t)
    _next_turn(t)
    t.clear(0)
    t.give(0, "Older Brother", "Older Brother", "Spark")
    t.gold(0, 5)
    line = GAME.view_lines(GAME.view(t.s, 0))[0]
    assert line.startswith("Your hand: Older Brother ×2 (2 gold), Spark") and "#" not in line  # copies counted


def test_yes_no_prompts_are_questions() -> None:
    from engine.codex.effects import question

    assert question("put Appel Stomp on top of your deck") == "Put Appel Stomp on top of your deck?"
    assert question("Draw a card?") == "Draw a card?"


# ------------------------------------------------------------------------------------- game over, undo


def test_a_move_after_the_game_is_over_is_refused() -> None:
    from engine.core import GameOver

    t = Table()
    t.clear()
    t.s.players[1].base_damage = 19
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    assert GAME.outcome(t.s) is not None
    with pytest.raises(GameOver, match=r"The game is over\."):
        GAME.parse_action(t.s, 0, "end")
    with pytest.raises(GameOver, match=r"The game is over\."):
        GAME.parse_action(t.s, 1, "nonsense")


def test_draws_and_shuffles_reveal_and_plain_moves_do_not() -> None:
    t = Table()
    t.clear()
    t.give(0, "Tenderfoot", "Spark", zone="discard")
    t.put(0, "Older Brother")
    attack = t.act("attack Older Brother -> base")
    assert not any(GAME.reveals(e) for e in attack.events)
    end = t.act("end")  # the discard is shuffled into a new deck and two cards are drawn
    kinds = {e.kind for e in end.events if GAME.reveals(e)}
    assert {"draw", "drew", "shuffle", "deck_order"} <= kinds
    assert not GAME.reveals(next(e for e in end.events if e.kind == "patrol"))


def _label(t: Table, uid: int) -> str:
    from engine.codex.cards import catalog
    from engine.codex.ctx import G

    return G(t.s, catalog()).label(uid)


def test_last_turn_forgets_the_copy_number_of_a_card_gone_back_into_hiding() -> None:
    t = Table()
    t.clear()
    first = t.put(0, "Older Brother")
    second = t.put(0, "Older Brother")
    t.act(f"attack {_label(t, first)} -> base")
    t.act(f"attack {_label(t, second)} -> base")
    lines = GAME.view(t.s, None)["last_turn"]["lines"]
    assert any(_label(t, first) in line for line in lines)
    label = _label(t, second)
    # As a bounce would: the second copy leaves play for its owner's hand.
    del t.s.things[second]
    t.s.players[0].hand.append(second)
    for viewer in (None, 0, 1):
        lines = GAME.view(t.s, viewer)["last_turn"]["lines"]
        assert not any(label in line for line in lines), lines
        assert any(_label(t, first) in line for line in lines)
    assert label in GAME.hidden_cards(t.s, 0)


def test_the_hand_lines_say_what_is_within_reach_next_turn() -> None:
    t = Table()
    t.clear()
    t.give(1, "Older Brother", "Hired Stomper", "Spark")
    t.s.players[1].gold = 1
    t.s.players[1].workers = 1  # 2 gold after the next upkeep's income
    lines = GAME.view_lines(GAME.view(t.s, 1))
    assert (
        "Your next turn, as things stand: within reach: Older Brother; not yet: Hired Stomper (needs Tech II), "
        "Spark (needs a hero in play)." in lines
    )
    t.s.players[1].workers = 0
    lines = GAME.view_lines(GAME.view(t.s, 1))
    assert any("Older Brother (not enough gold)" in line for line in lines)
    assert not any("next turn" in line for line in GAME.view_lines(GAME.view(t.s, 0)))  # p1 is to move


def test_a_list_of_names_keeps_a_comma_that_is_part_of_a_name() -> None:
    cat = catalog()
    mac, nebula = cat.by_name["macciatus, the whisperer"], cat.by_name["nebula"]
    assert cat.split_names("Macciatus, The Whisperer, Nebula") == [mac, nebula]
    assert cat.split_names("nebula,  macciatus, the whisperer") == [nebula, mac]
    assert cat.split_names("Nebula, Nobody") is None


@pytest.mark.parametrize(("players", "mode"), [(4, "2v2"), (3, "ffa")])
def test_every_legal_action_is_codex_notation_with_more_players(players: int, mode: str) -> None:
    r = random.Random(3)
    s = GAME.setup(players, {"mode": mode}, 3)
    for _ in range(300):
        if GAME.outcome(s) is not None:
            break
        seat = r.choice(sorted(GAME.to_move(s)))
        legal = GAME.legal_actions(s, seat)
        for a in legal:
            text = GAME.describe_action(s, seat, a)
            assert GAME.notation_problem(s, seat, text) is None, text
        s = GAME.apply(s, seat, r.choice(legal)).state


def test_a_card_drawn_back_in_the_same_step_loses_its_copy_number_in_that_steps_events() -> None:
    """A technician dies, goes to its owner's discard, and the slot's draw reshuffles that discard and draws
    it: the step's public events named it by its label, which now would tell which card is in the hand."""
    t = Table()
    t.clear()
    t.put(0, "Iron Man")
    foe = t.put(1, "Timely Messenger", slot="technician")
    label = t.name(foe)
    step = t.act("attack Iron Man -> Timely Messenger")
    assert t.s.players[1].hand == [foe]
    hidden = GAME.hidden_cards(t.s, 1)
    assert label in hidden
    for e in step.events:
        if e.to is None or 0 in e.to:
            assert label not in json.dumps(e.to_json()), e
    leave = next(e for e in step.events if e.kind == "leave")
    assert leave.data["uid_name"] == "Timely Messenger"
    assert GAME.describe_event(leave, 0) == "Timely Messenger dies."
