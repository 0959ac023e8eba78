"""The /codex cog with mocked interactions: every command, every autocomplete, the tech menu and the pager."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import engine
from app.delivery import PrivatePost
from app.rendering import NoImages
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from cogs.codex.ui import CodexPageButton, TechMenuButton, TechSelect, private_components, private_text
from cogs.components import ActButton, ActMenu
from cogs.games.codex import CodexCog
from db.sqlite import SqliteStore
from engine.codex.cards import catalog
from engine.core import GAMES
from tests.cogs.fakes import FakeInteraction, invoke
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL
from tests.twin.server import live_masked_links

ALICE, BOB, CAROL = 1, 2, 3
TROQ, RIVER = "troq-bashar", "river-montoya"


@pytest.fixture
async def client(tmp_path: Path):
    engine.load_games()
    store = await SqliteStore.open(tmp_path / "c.db")
    delivery = RecordingDelivery()
    service = MatchService(store, delivery, NoImages(), seed_source=random.Random(1), allow_unoffered_games=True)
    yield SimpleNamespace(service=service, delivery=delivery, keeper=Timekeeper(service), rewinder=Rewinder(service))
    await store.close()


@pytest.fixture
def cog() -> CodexCog:
    made = CodexCog(bot=None)  # type: ignore[arg-type]
    made.rng = random.Random(5)  # type: ignore[assignment]
    return made


def user(client: Any, user_id: int, **kwargs: Any) -> FakeInteraction:
    return FakeInteraction(client=client, user_id=user_id, **kwargs)


async def run(cog: CodexCog, client: Any, who: int, command: str, **options: Any) -> str:
    """`/codex COMMAND` by `who`; the answer's text."""
    done = await invoke(getattr(cog, command), cog, user(client, who), **options)
    return done.last.content


async def values(choices: Any) -> list[str]:
    return [c.value for c in await choices]


async def opened(cog: CodexCog, client: Any, **options: Any) -> Any:
    defaults = {"your_hero": TROQ, "opponent_hero": RIVER, "first_player": "p1"}
    await invoke(cog.new, cog, user(client, ALICE), **{**defaults, **options})
    await client.service.join(channel_id=500, user_id=BOB)
    await invoke(cog.start, cog, user(client, ALICE))
    return await client.service.find(channel_id=500)


async def click(client: Any, who: int, item: Any, values: list[str] | None = None) -> FakeInteraction:
    interaction = user(client, who, data={"values": values} if values is not None else {})
    await item.callback(interaction)
    return interaction


# ------------------------------------------------------------------------------------------ table


async def test_new_opens_a_table_with_both_heroes_and_the_first_player(cog: CodexCog, client: Any) -> None:
    made = await invoke(cog.new, cog, user(client, ALICE), your_hero=RIVER, opponent_hero=TROQ, first_player="p2")
    assert made.response.deferred_ephemeral is False and not made.last.ephemeral
    text = made.last.content
    assert "plays **River Montoya (Finesse)** against **Troq Bashar (Bashing)**" in text
    assert "First turn: the player who joins" in text and "`/codex start`" in text
    record = await client.service.find(channel_id=500)
    assert record.game == "codex"
    assert (record.options["hero1"], record.options["hero2"], record.options["first_player"]) == (RIVER, TROQ, "p2")


async def test_random_heroes_differ_and_bad_settings_are_refused(cog: CodexCog, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), rules="surplus=draw_phase")
    record = await client.service.find(channel_id=500)
    hero1, hero2 = record.options["hero1"], record.options["hero2"]
    assert hero1 != hero2 and {hero1, hero2} <= set(catalog().playable_heroes())
    assert record.options["surplus"] == "draw_phase" and record.options["first_player"] == "random"
    other = user(client, BOB, channel_id=501)
    assert "`hero1`" in (await invoke(cog.new, cog, other, rules="hero1=troq-bashar")).last.content
    refused = await invoke(cog.new, cog, user(client, BOB, channel_id=502), rules="surplus=sometimes")
    assert refused.last.ephemeral and "surplus must be one of upkeep, draw_phase" in refused.last.content
    later = await invoke(cog.new, cog, user(client, BOB, channel_id=503), mode="3-hero")
    assert "There is no Codex mode “3-hero”; the modes are 1-hero, standard, 2v2, ffa." in later.last.content
    busy = await invoke(cog.new, cog, user(client, BOB))
    assert "already has Codex: Card-Time Strategy match #1" in busy.last.content


async def test_start_seats_the_creator_as_p1(cog: CodexCog, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), your_hero=TROQ, opponent_hero=RIVER)
    await client.service.join(channel_id=500, user_id=BOB)
    assert "Only the player who created" in await run(cog, client, BOB, "start")
    text = await run(cog, client, ALICE, "start")
    assert "p1 <@1> with Troq Bashar (Bashing), p2 <@2> with River Montoya (Finesse)" in text
    record = await client.service.find(channel_id=500)
    assert record.seat_of(ALICE) == 0 and record.seat_of(BOB) == 1


async def test_codex_commands_leave_other_games_alone(cog: CodexCog, client: Any) -> None:
    await client.service.new_match(
        game_name=TRIAL.name, options={}, guild_id=9, channel_id=500, user_id=ALICE, time_control={}
    )
    for command, options in (("hand", {}), ("end", {}), ("start", {}), ("play", {"card": "x"})):
        assert "is Trial, not Codex" in await run(cog, client, ALICE, command, **options)
    empty = await invoke(cog.hand, cog, user(client, ALICE, channel_id=777))
    assert "no match in this channel" in empty.last.content


# ---------------------------------------------------------------------------------------- playing


async def test_a_match_through_every_command(cog: CodexCog, client: Any) -> None:
    record = await opened(cog, client)
    service = client.service
    # Turn 1, Alice (Troq Bashar, 4 gold). Each verb's autocomplete offers exactly its legal moves.
    plays = await values(cog._play_choices(user(client, ALICE), ""))
    assert plays and all(v.startswith("play ") for v in plays)
    assert await values(cog._play_choices(user(client, BOB), "")) == [], "not Bob's turn"
    assert await values(cog._summon_choices(user(client, ALICE), "tro")) == ["summon Troq Bashar"]
    assert await values(cog._build_choices(user(client, ALICE), "")) == ["build tower"]
    assert await values(cog._patrol_choices(user(client, ALICE), "")) == []
    assert "enters play" in await run(cog, client, ALICE, "summon", hero="Troq Bashar")
    levels = await cog._level_choices(user(client, ALICE), "")
    assert [(c.name, c.value) for c in levels] == [
        ("Troq Bashar: +1 level for 1 gold", "level Troq Bashar 1"),
        ("Troq Bashar: +2 levels for 2 gold", "level Troq Bashar 2"),
    ]
    patrols = await cog._patrol_choices(user(client, ALICE), "Troq Bashar → sq")
    assert [(c.name, c.value) for c in patrols] == [("Troq Bashar → squad leader", "patrol Troq Bashar squad leader")]
    assert await run(cog, client, ALICE, "patrol", assignment="Troq Bashar → elite") == (
        "Played `patrol Troq Bashar elite`. You have 2 gold left."
    )
    assert await values(cog._unpatrol_choices(user(client, ALICE), "")) == ["unpatrol Troq Bashar"]
    unpatrolled = await run(cog, client, ALICE, "unpatrol", fighter="Troq Bashar")
    assert unpatrolled == "Played `unpatrol Troq Bashar`. You have 2 gold left."
    await run(cog, client, ALICE, "patrol", assignment="patrol Troq Bashar squad leader")
    hired = await values(cog._worker_choices(user(client, ALICE), ""))
    assert len(hired) == 5
    assert "hires a worker (5 workers)" in await run(cog, client, ALICE, "worker", card=hired[0][len("worker ") :])
    assert "reaches level 2" in await run(cog, client, ALICE, "level", levels="Troq Bashar 1")
    refused = await run(cog, client, ALICE, "attack", attack="Troq Bashar -> base")
    assert "is not a legal action now" in refused

    # Ending the turn shows the patrol and opens the tech menu right there.
    ended = await invoke(cog.end, cog, user(client, ALICE))
    text = ended.last.content
    assert "Played `end`." in text and "Turn 2: p2 begins" in text
    assert "Patrol: squad leader Troq Bashar · elite —" in text and "**Tech:** pick 2 cards" in text
    menu = ended.last.view.children[0]
    assert isinstance(menu, TechSelect) and menu.item.max_values == 2
    labels = [o.label for o in menu.item.options]
    assert "Revolver Ocelot ×2 (both copies)" in labels and len(labels) <= 25
    # One card asks for the second (from any menu: a three-hero codex has several).
    asked = await click(client, ALICE, menu, ["Iron Man"])
    assert "First card: **Iron Man**" in asked.last.content
    second = asked.last.view.children[0]
    assert isinstance(second, TechSelect) and second.first == "Iron Man" and second.item.max_values == 1
    assert not any(o.value.endswith("|2") for o in second.item.options)
    both = await click(client, ALICE, second, ["Wrecking Ball"])
    assert "Tech pick saved: **Iron Man, Wrecking Ball**" in both.last.content
    saved = await click(client, ALICE, menu, ["Revolver Ocelot|2"])
    assert "Tech pick saved: **Revolver Ocelot, Revolver Ocelot**" in saved.last.content
    changed = await click(client, ALICE, menu, ["Iron Man", "Wrecking Ball"])
    assert "Tech pick saved: **Iron Man, Wrecking Ball**" in changed.last.content
    assert not any("Iron Man" in line for b in client.delivery.boards for line in b.lines), "the pick is secret"
    assert "p1 changes a tech choice." in client.delivery.boards[-1].lines

    # Turn 2, Bob: Brick Thief asks for targets; the answer comes as buttons and through /codex choose.
    assert "no tech pick to make now" in await run(cog, client, BOB, "tech")
    played = await invoke(cog.play, cog, user(client, BOB), card="Brick Thief")
    assert "Played `play Brick Thief`." in played.last.content
    assert "p2 decides: Pick what takes 1 damage." in played.last.content
    buttons = played.last.view.children
    assert buttons and all(isinstance(b, ActButton) and b.item.label.startswith("choose ") for b in buttons)
    options = await values(cog._choose_choices(user(client, BOB), ""))
    assert options == [b.item.label for b in buttons]
    assert await values(cog._choose_choices(user(client, BOB), "my")) == ["choose my base"]
    assert "p1's base takes 1 damage" in await run(cog, client, BOB, "choose", option="base")
    assert "Played `build tower`." in await run(cog, client, BOB, "build", building="tower")
    assert await values(cog._destroy_choices(user(client, BOB), "")) == [], "the tower is not finished yet"
    assert "Played `end`." in await run(cog, client, BOB, "end")
    picks = await values(cog._tech_choices(user(client, BOB), "fen"))
    assert picks == ["Nimble Fencer"]
    typed = await run(cog, client, BOB, "tech", first="Nimble Fencer", second="Nimble Fencer")
    assert "Tech pick saved: **Nimble Fencer, Nimble Fencer**" in typed

    # Turn 3, Alice: her hand shows Codex's hints and buttons; attacks must respect the patrol rules.
    hand = await invoke(cog.hand, cog, user(client, ALICE))
    assert "Your hand:" in hand.last.content and "`/codex attack`" in hand.last.content
    assert not any(isinstance(c, TechMenuButton) for c in hand.last.view.children)
    attacks = await cog._attack_choices(user(client, ALICE), "")
    assert attacks and all(c.value.startswith("attack ") and " → " in c.name for c in attacks)
    attacked = await run(cog, client, ALICE, "attack", attack=attacks[0].value)
    assert "attacks" in attacked
    await run(cog, client, ALICE, "end")
    # The tech menu is also a button on the private view.
    hand = await invoke(cog.hand, cog, user(client, ALICE))
    assert "You owe a tech pick" in hand.last.content
    opener = next(c for c in hand.last.view.children if isinstance(c, TechMenuButton))
    menu_reply = await click(client, ALICE, opener)
    select = menu_reply.last.view.children[0]
    assert "Your pick now" not in menu_reply.last.content
    assert "Iron Man ×2 (both copies)" not in [o.label for o in select.item.options], "one Iron Man is left"
    refused = await click(client, ALICE, select, ["Iron Man|2"])
    assert "is not a legal action now" in refused.last.content
    await click(client, ALICE, select, ["Revolver Ocelot|2"])
    again = await invoke(cog.tech, cog, user(client, ALICE))
    assert "Your pick now: Revolver Ocelot, Revolver Ocelot." in again.last.content

    # Turn 4, Bob: the finished tower can be torn down; abilities and detection refuse clearly.
    assert await values(cog._destroy_choices(user(client, BOB), "")) == ["destroy tower"]
    assert "tears down Tower" in await run(cog, client, BOB, "destroy", addon="tower")
    assert await values(cog._ability_choices(user(client, BOB), "")) == []
    assert "is not a legal action now" in await run(cog, client, BOB, "ability", ability="River Montoya")
    assert await values(cog._detect_choices(user(client, BOB), "")) == []
    assert "is not a legal action now" in await run(cog, client, BOB, "detect", target="Troq Bashar")
    assert (await service.find(match_id=record.id)).status == "active"


async def test_information_commands(cog: CodexCog, client: Any) -> None:
    helped = await invoke(cog.help_, cog, user(client, CAROL))
    assert helped.last.ephemeral and "`/codex start`" in helped.last.content and len(helped.last.content) < 2000
    record = await opened(cog, client)
    page = await invoke(cog.codex_, cog, user(client, ALICE))
    assert "**Your codex** (page 1 of 2; 24 cards left)" in page.last.content and page.last.ephemeral
    assert "Revolver Ocelot** ×2 — tech I unit · 2 gold · 3/3 · sparkshot" in page.last.content
    forward = next(b for b in page.last.view.children if b.item.label == "Next ▶")
    assert isinstance(forward, CodexPageButton)
    turned = await click(client, ALICE, forward)
    assert "(page 2 of 2" in turned.last.content
    assert "not playing in this match" in (await invoke(cog.codex_, cog, user(client, CAROL))).last.content

    board = await invoke(cog.board, cog, user(client, CAROL))
    assert not board.last.ephemeral and f"match #{record.id}" in board.last.content

    card = await invoke(cog.card, cog, user(client, CAROL), name="troq bashar")
    assert card.last.ephemeral and "**Troq Bashar** — hero" in card.last.content
    assert "• Levels 5–7: 3/4." in card.last.content
    assert "Rulings: we know 1 official ruling on this card" in card.last.content
    shown = await invoke(cog.card, cog, user(client, CAROL), name="Brick Thief", public=True)
    assert not shown.last.ephemeral and "we know 2 official rulings" in shown.last.content
    assert "Did you mean" in await run(cog, client, CAROL, "card", name="Brick Theif")
    names = await cog._card_choices(user(client, CAROL), "brick")
    assert [c.value for c in names] == ["Brick Thief"]
    assert len(await cog._card_choices(user(client, CAROL), "")) == 25

    rule = await run(cog, client, CAROL, "rules", topic="anti-air")
    assert "**Anti-air** (keyword)" in rule and "we know 11 official rulings on this keyword" in rule
    assert "**Patrol zone**" in await run(cog, client, CAROL, "rules", topic="patrol slots")
    assert "We have no entry" in await run(cog, client, CAROL, "rules", topic="teleport")
    topics = await cog._rules_choices(user(client, CAROL), "swift")
    assert [c.value for c in topics] == ["swift strike"]

    for who, command in ((ALICE, "summon"), (ALICE, "end")):
        await run(cog, client, who, command, **({"hero": "Troq Bashar"} if command == "summon" else {}))
    export = await invoke(cog.export, cog, user(client, CAROL))
    text = export.last.content
    assert export.last.ephemeral and text.startswith("```") and "forum export" in text
    assert "== Turn 1 · p1" in text and "p1 summons Troq Bashar for 2 gold. Troq Bashar enters play.  [2 gold]" in text
    assert "Your hand" not in text and "You drew" not in text


# ------------------------------------------------------------------------------------------ pieces


def test_every_move_command_offers_its_legal_moves_as_you_type() -> None:
    group = CodexCog.codex
    assert len(group.commands) <= 25
    for command in group.commands:
        for name, param in command._params.items():
            if param.type.name == "string" and not param.choices and name not in ("rules",):
                assert param.autocomplete is not None, f"/codex {command.name} {name}"


def post(legal: list[str], your_move: bool = True) -> PrivatePost:
    return PrivatePost(7, 3, ALICE, 0, "Codex · match #7 · your view (p1)", ["Your hand: X."], None, legal, your_move)


def test_private_view_buttons_leave_tech_picks_to_their_menu() -> None:
    choice = private_components(post(["choose base", "choose my base"]))
    assert [b.item.label for b in choice.children] == ["choose base", "choose my base"]  # type: ignore[union-attr]
    teching = private_components(post(["tech A, A", "tech A, B"], your_move=True))
    assert [type(c) for c in teching.children] == [TechMenuButton]  # type: ignore[union-attr]
    busy = [f"worker C{i}" for i in range(5)] + [f"patrol F{i} elite" for i in range(20)] + ["attack F -> base", "end"]
    menu = private_components(post([*busy, "tech A, B"])).children  # type: ignore[union-attr]
    assert isinstance(menu[0], ActMenu) and isinstance(menu[1], TechMenuButton)
    labels = [o.label for o in menu[0].item.options]
    assert labels[:2] == ["attack F -> base", "end"] and len(labels) == 25
    assert menu[0].item.options[0].value == str(busy.index("attack F -> base")), "indices point into the legal list"
    assert private_components(post(["tech A, B"], your_move=False)) is not None, "a made pick can still change"
    assert private_components(post([], your_move=False)) is None
    text = private_text(post(["play X", "attack X -> base", "end", "tech A, B"]))
    assert "`/codex play`, `/codex attack`, `/codex end`" in text and "You owe a tech pick" in text


def test_the_private_view_lists_your_moves_grouped_by_verb() -> None:
    attacks = [f"attack F{i} -> base" for i in range(10)]
    text = private_text(post(["end", "play X", "play Y", *attacks, "tech A, B"]))
    lines = text.splitlines()
    start = lines.index("**Your moves now:**")
    assert lines[start + 1 : start + 4] == [
        "• play: X, Y",
        "• attack: " + ", ".join(a.removeprefix("attack ") for a in attacks[:8]) + " and 2 more",
        "• end",
    ]
    assert "tech A, B" not in text  # the pick has its own menu
    waiting = private_text(post(["tech A, B"], your_move=False))
    assert "Your moves now" not in waiting


def test_free_for_all_repair_is_listed_under_the_ability_command() -> None:
    text = private_text(post(["ability Helpful Turtle", "repair base", "attack X -> p3 base", "end"]))
    assert "• repair: base" in text
    assert "`/codex ability`, `/codex attack`, `/codex end`" in text, text


async def test_codex_items_survive_a_restart() -> None:
    for item, kind in (
        (TechSelect(12, 1, [discord.SelectOption(label="A", value="A")]), TechSelect),
        (TechSelect(12, 2, [discord.SelectOption(label="A", value="A")], first="Macciatus, The Whisperer"), TechSelect),
        (TechMenuButton(12), TechMenuButton),
        (CodexPageButton(12, 2, "Next ▶", "next"), CodexPageButton),
    ):
        found = kind.__discord_ui_compiled_template__.fullmatch(item.custom_id)
        assert found is not None
        rebuilt = await kind.from_custom_id(None, item.item, found)  # type: ignore[arg-type]
        assert rebuilt.custom_id == item.custom_id and rebuilt.match_id == 12
        assert getattr(rebuilt, "first", None) == getattr(item, "first", None)


async def test_position_exports_a_scenario_without_hands(cog: CodexCog, client: Any) -> None:
    record = await opened(cog, client)
    done = await invoke(cog.position, cog, user(client, 3))
    assert done.last.ephemeral and done.last.file.filename == f"codex-match-{record.id}.toml"
    text = done.last.file.fp.read().decode()
    hand = client.service.state_of(record)
    view = GAMES["codex"].view(hand, 0)
    assert 'game = "codex"' in text
    assert all(f'"{card["label"]}"' not in text for card in view["you"]["hand"])
    mine = await invoke(cog.position, cog, user(client, ALICE), mine=True)
    own = mine.last.file.fp.read().decode()
    assert all(card["name"] in own for card in view["you"]["hand"])


async def test_the_joiner_chooses_their_own_hero(cog: CodexCog, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), your_hero=TROQ, opponent_hero=TROQ)
    await client.service.join(channel_id=500, user_id=BOB)
    picked = await run(cog, client, BOB, "hero", hero=RIVER)
    assert "will play **River Montoya" in picked
    outsider = await run(cog, client, 3, "hero", hero=RIVER)
    assert "Join the table first" in outsider
    text = await run(cog, client, ALICE, "start")
    assert "p2 <@2> with River Montoya" in text
    record = await client.service.find(channel_id=500)
    assert record.options["hero2"] == RIVER
    late = await run(cog, client, BOB, "hero", hero=TROQ)
    assert "before the match starts" in late


# ------------------------------------------------------------------------------------------- modes

DAVE, ERIN = 4, 5


async def test_standard_table_with_a_team_of_three(cog: CodexCog, client: Any) -> None:
    made = await invoke(
        cog.new, cog, user(client, ALICE), mode="standard", your_hero=TROQ, your_hero_2=RIVER, your_hero_3="none"
    )
    assert "plays **Troq Bashar (Bashing), River Montoya (Finesse)**; one more player joins." in made.last.content
    record = await client.service.find(channel_id=500)
    assert record.options["mode"] == "standard" and record.options["hero1"] == [TROQ, RIVER]
    await client.service.join(channel_id=500, user_id=BOB)
    picked = await run(cog, client, BOB, "hero", hero=RIVER, second=TROQ, third="none", starter="red")
    assert "will play **River Montoya (Finesse), Troq Bashar (Bashing)** and starts with the red starter" in picked
    # Red is no colour of Bob's team: the start says so, and Bob picks again.
    refused = await run(cog, client, ALICE, "start")
    assert "starter2 must be auto or the colour of one of p2's heroes (neutral)" in refused
    await run(cog, client, BOB, "hero", starter="neutral")
    started = await run(cog, client, ALICE, "start")
    assert "p1 <@1> with Troq Bashar (Bashing), River Montoya (Finesse)" in started
    assert "p2 <@2> with River Montoya (Finesse), Troq Bashar (Bashing)" in started


async def test_random_places_of_a_team_are_filled_with_different_heroes(cog: CodexCog, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), mode="standard", your_hero=TROQ)
    team = (await client.service.find(channel_id=500)).options["hero1"]
    assert team[0] == TROQ and len(team) == min(3, len(catalog().playable_heroes())) == len(set(team))


async def test_mode_choices_that_do_not_fit_are_refused(cog: CodexCog, client: Any) -> None:
    one = await invoke(cog.new, cog, user(client, ALICE), mode="1-hero", your_hero_2=RIVER)
    assert "1-hero game each player has one hero" in one.last.content
    two = await invoke(cog.new, cog, user(client, ALICE, channel_id=501), mode="ffa", opponent_hero=RIVER)
    assert "each player chooses their own team with `/codex hero`" in two.last.content
    three = await invoke(cog.new, cog, user(client, ALICE, channel_id=502), mode="ffa", partner="p1+p2")
    assert "A partner is chosen only in 2v2" in three.last.content
    four = await invoke(
        cog.new, cog, user(client, ALICE, channel_id=503), mode="standard", your_hero_2=TROQ, your_hero=TROQ
    )
    assert "each hero at most once" in four.last.content
    await invoke(cog.new, cog, user(client, ALICE, channel_id=504))
    await client.service.join(channel_id=504, user_id=BOB)
    assert "Teams are chosen only in a 2v2 match" in await run_in(cog, client, BOB, 504, "hero", team=1)
    assert "Leave second and third out" in await run_in(cog, client, BOB, 504, "hero", hero=TROQ, second=RIVER)


async def run_in(cog: CodexCog, client: Any, who: int, channel: int, command: str, **options: Any) -> str:
    done = await invoke(getattr(cog, command), cog, user(client, who, channel_id=channel), **options)
    return done.last.content


async def test_two_headed_dragon_table_teams_and_team_turn(cog: CodexCog, client: Any) -> None:
    made = await invoke(cog.new, cog, user(client, ALICE), mode="2v2", your_hero=TROQ, first_player="p1")
    assert "three more players join" in made.last.content and "`/codex hero team:`" in made.last.content
    for who in (BOB, CAROL, DAVE):
        await client.service.join(channel_id=500, user_id=who)
    assert "plays in team 1" in await run(cog, client, BOB, "hero", team=1)
    assert "will play **River Montoya (Finesse)" in await run(cog, client, CAROL, "hero", hero=RIVER, team=2)
    started = await run(cog, client, ALICE, "start")
    # Alice (p1) and Bob (p2) chose team 1; Carol and Dave play together.
    assert "p1 <@1> with Troq Bashar (Bashing)" in started and "(team 1)" in started
    assert "p3 <@3> with River Montoya (Finesse)" in started and started.count("(team 2)") == 2
    record = await client.service.find(channel_id=500)
    assert record.options["teams"] == "p1+p2"
    # Both partners owe their main phase; Bob ends his, Alice still plays.
    ended = await run(cog, client, BOB, "end")
    assert "Played `end`." in ended
    record = await client.service.find(channel_id=500)
    assert GAMES["codex"].to_move(client.service.state_of(record)) >= {0}


async def test_free_for_all_table_and_base_repair(cog: CodexCog, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), mode="ffa", your_hero=TROQ, first_player="p1")
    for who in (BOB, CAROL):
        await client.service.join(channel_id=500, user_id=who)
    started = await run(cog, client, ALICE, "start")
    assert "p3 <@3>" in started
    record = await client.service.find(channel_id=500)
    state = client.service.state_of(record)
    assert len(state.players) == 3 and state.options["mode"] == "ffa"
    # A damaged base with gold to spare: the repair is offered under /codex ability and done by it.
    state.players[0].base_damage = 2
    state.players[0].gold = 3
    offered = await values(cog._ability_choices(user(client, ALICE), ""))
    assert "repair base" in offered
    done = await run(cog, client, ALICE, "ability", ability="repair base")
    assert "Played `repair base`." in done
    record = await client.service.find(channel_id=500)
    assert client.service.state_of(record).players[0].base_damage == 1


HOSTILE = "**[Verify here](https://evil.example/login)** @everyone"


async def test_text_a_player_typed_is_shown_inert_in_public_and_in_refusals(cog: CodexCog, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), your_hero=TROQ, opponent_hero=RIVER)
    await client.service.join(channel_id=500, user_id=BOB)
    unknown = await invoke(cog.hero, cog, user(client, BOB), hero=HOSTILE)
    assert unknown.in_channel == [] and "Unknown or unavailable hero" in unknown.last.content
    assert live_masked_links(unknown.last.content) == [] and "@everyone" not in unknown.last.content
    picked = await invoke(cog.hero, cog, user(client, BOB), starter=HOSTILE)
    public = picked.in_channel[0].content  # /codex hero announces the choice in the channel
    assert "\\*\\*\\[Verify here" in public and live_masked_links(public) == []
    assert "@everyone" not in public
    for command, typed in ((cog.card, {"name": HOSTILE}), (cog.rules, {"topic": HOSTILE})):
        refused = await invoke(command, cog, user(client, CAROL), public=True, **typed)
        assert refused.in_channel == [] and refused.last.ephemeral
        assert "\\*\\*\\[Verify here" in refused.last.content and "@everyone" not in refused.last.content


async def test_a_codex_move_is_reported_played_when_the_reply_extras_fail(
    cog: CodexCog, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await opened(cog, client)

    async def broken(**_kwargs: Any) -> Any:
        raise RuntimeError("the hand could not be read after the commit")

    monkeypatch.setattr(client.service, "private_view", broken)
    played = await run(cog, client, ALICE, "summon", hero="Troq Bashar")
    assert played.startswith("Played `summon Troq Bashar`.") and "Nothing was changed" not in played
    assert (await client.service.find(match_id=record.id)).version == record.version + 1
