"""`/codex` with mocked interactions: the shared commands at a Codex table, Codex's own commands, every
autocomplete, the tech menu and the pager."""

from __future__ import annotations

import random
from dataclasses import replace
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
from cogs.codex import commands as codex_commands
from cogs.codex.text import TechMenu
from cogs.codex.ui import (
    CodexPageButton,
    TechMenuButton,
    TechSelect,
    private_components,
    private_text,
    tech_components,
)
from cogs.components import ActButton, ActMenu
from cogs.table import build_group
from db.sqlite import SqliteStore
from engine.codex import GAME
from engine.codex.cards import catalog
from engine.core import GAMES
from tests.cogs.fakes import FakeInteraction, Table, complete, invoke
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL
from tests.locales import with_catalogue
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
def cog(monkeypatch: pytest.MonkeyPatch) -> Table:
    monkeypatch.setattr(codex_commands, "RNG", random.Random(5))
    return Table(build_group(GAME))


def user(client: Any, user_id: int, **kwargs: Any) -> FakeInteraction:
    return FakeInteraction(client=client, user_id=user_id, **kwargs)


async def run(cog: Table, client: Any, who: int, command: str, **options: Any) -> str:
    """`/codex COMMAND` by `who`; the answer's text."""
    done = await invoke(getattr(cog, command), cog, user(client, who), **options)
    return done.last.content


async def values(choices: Any) -> list[str]:
    return [c.value for c in await choices]


async def moves(cog: Table, client: Any, who: int, typed: str) -> list[str]:
    """What `/codex move`'s autocomplete offers `who` for `typed`."""
    return await values(complete(cog.move, "action", user(client, who), typed))


HEROES = f"hero1={TROQ} hero2={RIVER} first_player=p1"


async def opened(cog: Table, client: Any, options: str = HEROES) -> Any:
    await invoke(cog.new, cog, user(client, ALICE), options=options)
    await client.service.join(channel_id=500, user_id=BOB)
    await invoke(cog.start, cog, user(client, ALICE))
    return await client.service.find(channel_id=500)


async def click(client: Any, who: int, item: Any, values: list[str] | None = None) -> FakeInteraction:
    interaction = user(client, who, data={"values": values} if values is not None else {})
    await item.callback(interaction)
    return interaction


# ------------------------------------------------------------------------------------------ table


async def test_new_opens_a_table_naming_the_heroes_chosen(cog: Table, client: Any) -> None:
    made = await invoke(cog.new, cog, user(client, ALICE), options=f"hero1={RIVER} hero2={TROQ} first_player=p2")
    assert made.response.deferred_ephemeral is False and not made.last.ephemeral
    text = made.last.content
    assert "opened a table for **Codex: Card-Time Strategy** (match #1, 2 to 5 players)" in text
    assert "p1 plays **River Montoya (Finesse)**; p2 plays **Troq Bashar (Bashing)**" in text
    assert "`/codex hero`" in text and "`/codex join`" in text and "`/codex start`" in text
    record = await client.service.find(channel_id=500)
    assert record.game == "codex"
    assert (record.options["hero1"], record.options["hero2"], record.options["first_player"]) == (RIVER, TROQ, "p2")


async def test_options_are_checked_against_what_codex_declares(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), options="surplus=draw_phase tech3_needs_tech2=yes")
    record = await client.service.find(channel_id=500)
    assert record.options["surplus"] == "draw_phase" and record.options["first_player"] == "random"
    assert record.options["tech3_needs_tech2"] == "yes", "a typed yes is the declared choice, not true"
    refused = await invoke(cog.new, cog, user(client, BOB, channel_id=502), options="surplus=sometimes")
    assert refused.last.ephemeral and refused.in_channel == []
    assert "Option `surplus` must be one of upkeep, draw_phase; “sometimes” is not one of them." in refused.last.content
    unknown = await invoke(cog.new, cog, user(client, BOB, channel_id=503), options="colour=red")
    assert "Codex: Card-Time Strategy has no option `colour`; its options are: mode, hero1," in unknown.last.content
    later = await invoke(cog.new, cog, user(client, BOB, channel_id=504), mode="3-hero")
    assert "has no mode “3-hero”; its modes are 1-hero, standard, 2v2, ffa." in later.last.content
    twice = await invoke(cog.new, cog, user(client, BOB, channel_id=505), mode="ffa", options="mode=2v2")
    assert "Choose the mode with this command's `mode` option" in twice.last.content
    busy = await invoke(cog.new, cog, user(client, BOB))
    assert "already has Codex: Card-Time Strategy match #1" in busy.last.content
    assert [r.channel_id for r in await client.service.matches(guild_id=9)] == [500], "no refused table was opened"


async def test_start_seats_in_joining_order_so_the_hero_for_the_joiner_reaches_them(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), options=f"hero1={TROQ} hero2={RIVER}")
    await client.service.join(channel_id=500, user_id=BOB)
    assert "Only the player who created" in await run(cog, client, BOB, "start")
    text = await run(cog, client, ALICE, "start")
    assert "p1 <@1> with Troq Bashar (Bashing), p2 <@2> with River Montoya (Finesse)" in text
    record = await client.service.find(channel_id=500)
    assert record.seat_of(ALICE) == 0 and record.seat_of(BOB) == 1


async def test_codex_commands_leave_other_games_alone(cog: Table, client: Any) -> None:
    await client.service.new_match(
        game_name=TRIAL.name, options={}, guild_id=9, channel_id=500, user_id=ALICE, time_control={}
    )
    for command, options in (("hand", {}), ("end", {}), ("start", {}), ("play", {"card": "x"}), ("hero", {})):
        assert f"Match #1 is Trial: use `/trial {command}` for it." in await run(cog, client, ALICE, command, **options)
    assert await moves(cog, client, ALICE, "") == [], "another game's moves are never offered"
    empty = await invoke(cog.hand, cog, user(client, ALICE, channel_id=777))
    assert "no match in this channel" in empty.last.content


# ---------------------------------------------------------------------------------------- playing


async def test_a_match_through_every_command(cog: Table, client: Any) -> None:
    record = await opened(cog, client)
    service = client.service
    # Turn 1, Alice (Troq Bashar, 4 gold). Each autocomplete offers exactly the legal moves.
    plays = await values(complete(cog.play, "card", user(client, ALICE), ""))
    assert plays and all(v.startswith("play ") for v in plays)
    assert await values(complete(cog.play, "card", user(client, BOB), "")) == [], "not Bob's turn"
    assert await moves(cog, client, ALICE, "summon tro") == ["summon Troq Bashar"]
    assert await moves(cog, client, ALICE, "build") == ["build tower"]
    assert await moves(cog, client, ALICE, "patrol") == []
    assert "enters play" in await run(cog, client, ALICE, "move", action="summon Troq Bashar")
    levels = await complete(cog.move, "action", user(client, ALICE), "level")
    assert [(c.name, c.value) for c in levels] == [
        ("level Troq Bashar: +1 level for 1 gold", "level Troq Bashar 1"),
        ("level Troq Bashar: +2 levels for 2 gold", "level Troq Bashar 2"),
    ]
    patrols = await complete(cog.move, "action", user(client, ALICE), "patrol Troq Bashar → sq")
    assert [(c.name, c.value) for c in patrols] == [
        ("patrol Troq Bashar → squad leader", "patrol Troq Bashar squad leader")
    ]
    assert await run(cog, client, ALICE, "move", action="patrol Troq Bashar → elite") == (
        "Played `patrol Troq Bashar elite`. You have 2 gold left."
    )
    assert await moves(cog, client, ALICE, "unpatrol") == ["unpatrol Troq Bashar"]
    unpatrolled = await run(cog, client, ALICE, "move", action="unpatrol Troq Bashar")
    assert unpatrolled == "Played `unpatrol Troq Bashar`. You have 2 gold left."
    await run(cog, client, ALICE, "move", action="patrol Troq Bashar squad leader")
    hired = await moves(cog, client, ALICE, "worker")
    assert len(hired) == 5
    assert "hires a worker (5 workers)" in await run(cog, client, ALICE, "move", action=hired[0])
    levelled = await run(cog, client, ALICE, "move", action="level Troq Bashar: +1 level for 1 gold")
    assert "p1 pays 1 gold: Troq Bashar gains 1 level (now level 2)." in levelled
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

    # Turn 2, Bob: Brick Thief asks for targets; the answer comes as buttons and through `move`.
    assert "no tech pick to make now" in await run(cog, client, BOB, "tech")
    played = await invoke(cog.play, cog, user(client, BOB), card="Brick Thief")
    assert "Played `play Brick Thief`." in played.last.content
    assert "p2 decides: Pick what takes 1 damage." in played.last.content
    buttons = played.last.view.children
    assert buttons and all(isinstance(b, ActButton) and b.item.label.startswith("choose ") for b in buttons)
    assert await moves(cog, client, BOB, "choose") == [b.item.label for b in buttons]
    assert await moves(cog, client, BOB, "choose my") == ["choose my base"]
    assert "p1's base takes 1 damage" in await run(cog, client, BOB, "move", action="choose base")
    assert "Played `build tower`." in await run(cog, client, BOB, "move", action="build tower")
    assert await moves(cog, client, BOB, "destroy") == [], "the tower is not finished yet"
    assert "Played `end`." in await run(cog, client, BOB, "end")
    assert await values(complete(cog.tech, "first", user(client, BOB), "fen")) == ["Nimble Fencer"]
    typed = await run(cog, client, BOB, "tech", first="Nimble Fencer", second="Nimble Fencer")
    assert "Tech pick saved: **Nimble Fencer, Nimble Fencer**" in typed

    # Turn 3, Alice: her hand shows Codex's hints and buttons; attacks must respect the patrol rules.
    hand = await invoke(cog.hand, cog, user(client, ALICE))
    assert "Your hand:" in hand.last.content and "`/codex move`" in hand.last.content
    assert "`/codex attack`" in hand.last.content
    assert not any(isinstance(c, TechMenuButton) for c in hand.last.view.children)
    attacks = await complete(cog.attack, "attack", user(client, ALICE), "")
    assert attacks and all(c.value.startswith("attack ") and " → " in c.name for c in attacks)
    attacked = await run(cog, client, ALICE, "attack", attack=attacks[0].name)
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
    assert (
        "`tech Iron Man, Iron Man` is not a legal action now: only 1 Iron Man left in your codex."
        in refused.last.content
    )
    await click(client, ALICE, select, ["Revolver Ocelot|2"])
    again = await invoke(cog.tech, cog, user(client, ALICE))
    assert "Your pick now: Revolver Ocelot, Revolver Ocelot." in again.last.content

    # Turn 4, Bob: the finished tower can be torn down; abilities and detection refuse clearly.
    assert await moves(cog, client, BOB, "destroy") == ["destroy tower"]
    assert "tears down Tower" in await run(cog, client, BOB, "move", action="destroy tower")
    assert await moves(cog, client, BOB, "ability") == []
    ability = await run(cog, client, BOB, "move", action="ability River Montoya")
    assert "is not a legal action now: you have no River Montoya in play." in ability
    assert await moves(cog, client, BOB, "detect") == []
    detect = await run(cog, client, BOB, "move", action="detect Troq Bashar")
    assert "is not a legal action now: you need a finished Tower to detect." in detect
    assert (await service.find(match_id=record.id)).status == "active"


async def test_information_commands(cog: Table, client: Any) -> None:
    helped = await invoke(cog.help, cog, user(client, CAROL))
    assert helped.last.ephemeral and "`/codex start`" in helped.last.content and len(helped.last.content) < 2000
    assert "**Codex: Card-Time Strategy**" in helped.last.content and "`/codex help topic:`" in helped.last.content
    shared = await run(cog, client, CAROL, "help", topic="commands")
    assert "**Commands at every table**" in shared and "`/codex undo`" in shared
    option = await run(cog, client, CAROL, "help", topic="option surplus")
    assert "**surplus** (an option of `new`)" in option and "Values: upkeep, draw_phase (default upkeep)." in option
    record = await opened(cog, client)
    page = await invoke(cog.codex, cog, user(client, ALICE))
    assert "**Your codex** (page 1 of 2; 24 cards left)" in page.last.content and page.last.ephemeral
    assert "Revolver Ocelot** ×2 — tech I unit · 2 gold · 3/3 · sparkshot" in page.last.content
    forward = next(b for b in page.last.view.children if b.item.label == "Next ▶")
    assert isinstance(forward, CodexPageButton)
    turned = await click(client, ALICE, forward)
    assert "(page 2 of 2" in turned.last.content
    assert "not playing in this match" in (await invoke(cog.codex, cog, user(client, CAROL))).last.content

    board = await invoke(cog.status, cog, user(client, CAROL), public=True)
    assert not board.last.ephemeral and f"match #{record.id}" in board.last.content

    card = await invoke(cog.card, cog, user(client, CAROL), name="troq bashar")
    assert card.last.ephemeral and "**Troq Bashar** — hero" in card.last.content
    assert "• Levels 5–7: 3/4." in card.last.content
    assert "**Rulings**: one official ruling, which the referee follows:" in card.last.content
    shown = await invoke(cog.card, cog, user(client, CAROL), name="Brick Thief", public=True)
    assert not shown.last.ephemeral and "**Rulings**: 2 official rulings" in shown.last.content
    assert "Did you mean" in await run(cog, client, CAROL, "card", name="Brick Theif")
    names = await complete(cog.card, "name", user(client, CAROL), "brick")
    assert [c.value for c in names] == ["Brick Thief"]
    assert len(await complete(cog.card, "name", user(client, CAROL), "")) == 25

    rule = await invoke(cog.help, cog, user(client, CAROL), topic="anti-air")
    assert "**Anti-air** (keyword)" in rule.sent[0].content
    assert "**Rulings**: 11 official rulings" in "\n".join(s.content for s in rule.sent)
    assert "**Patrol zone**" in await run(cog, client, CAROL, "help", topic="patrol slots")
    assert "There is no help topic called “teleport”" in await run(cog, client, CAROL, "help", topic="teleport")
    topics = await complete(cog.help, "topic", user(client, CAROL), "swift")
    assert [c.value for c in topics] == ["swift strike"]
    assert "option surplus" in [c.value for c in await complete(cog.help, "topic", user(client, CAROL), "surp")]

    await run(cog, client, ALICE, "move", action="summon Troq Bashar")
    await run(cog, client, ALICE, "end")
    export = await invoke(cog.forum, cog, user(client, CAROL))
    text = export.last.content
    assert export.last.ephemeral and text.startswith("```") and "forum export" in text
    assert "== Turn 1 · p1" in text and "p1 summons Troq Bashar for 2 gold. Troq Bashar enters play.  [2 gold]" in text
    assert "Your hand" not in text and "You drew" not in text


# ------------------------------------------------------------------------------------------ pieces


def test_every_move_command_offers_its_legal_moves_as_you_type() -> None:
    group = build_group(GAME)
    assert len(group.commands) <= 25
    free_text = {("new", "options")}  # key=value pairs the command checks itself
    for command in group.commands:
        for name, param in command._params.items():
            if param.type.name == "string" and not param.choices and (command.name, name) not in free_text:
                assert param.autocomplete is not None, f"/codex {command.name} {param.display_name}"


def post(legal: list[str], your_move: bool = True) -> PrivatePost:
    return PrivatePost(7, 3, ALICE, 0, "Codex · match #7 · your view (p1)", ["Your hand: X."], None, legal, your_move)


def test_codex_buttons_and_menus_are_labelled_in_the_readers_language(tmp_path: Path) -> None:
    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / "codex.ftl").write_text(
        "codex-tech-button = Выбрать технику\ncodex-tech-choose = Выберите карты\n", encoding="utf-8"
    )
    with with_catalogue(tmp_path):
        russian = private_components(replace(post(["tech A, B"]), locale="ru"))
        english = private_components(post(["tech A, B"]))
        menus = tech_components(7, TechMenu(("A", "B"), frozenset(), frozenset({2})), locale="ru")
    assert [b.item.label for b in russian.children] == ["Выбрать технику"]  # type: ignore[union-attr]
    assert [b.item.label for b in english.children] == ["Choose tech"]  # type: ignore[union-attr]
    assert menus.children[0].item.placeholder == "Выберите карты"  # type: ignore[attr-defined]


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
    text = str(private_text(post(["play X", "attack X -> base", "end", "tech A, B"])))
    assert "`/codex move` (it offers exactly these moves as you type)" in text
    assert "shortcuts: `/codex play`, `/codex attack`, `/codex end`." in text and "You owe a tech pick" in text


def test_the_private_view_lists_your_moves_grouped_by_verb() -> None:
    attacks = [f"attack F{i} -> base" for i in range(10)]
    text = str(private_text(post(["end", "play X", "play Y", *attacks, "tech A, B"])))
    lines = text.splitlines()
    start = lines.index("**Your moves now:**")
    assert lines[start + 1 : start + 4] == [
        "• play: X, Y",
        "• attack: " + ", ".join(a.removeprefix("attack ") for a in attacks[:8]) + " and 2 more",
        "• end",
    ]
    assert "tech A, B" not in text  # the pick has its own menu
    waiting = str(private_text(post(["tech A, B"], your_move=False)))
    assert "Your moves now" not in waiting


def test_free_for_all_repair_is_listed_with_the_other_moves() -> None:
    text = str(private_text(post(["ability Helpful Turtle", "repair base", "attack X -> p3 base", "end"])))
    assert "• repair: base" in text and "`/codex move`" in text
    assert "shortcuts: `/codex attack`, `/codex end`." in text, text


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


async def test_position_exports_a_scenario_without_hands(cog: Table, client: Any) -> None:
    record = await opened(cog, client)
    done = await invoke(cog.position, cog, user(client, 3))
    assert done.last.ephemeral and done.last.file.filename == f"match-{record.id}.toml"
    text = done.last.file.fp.read().decode()
    hand = client.service.state_of(record)
    view = GAMES["codex"].view(hand, 0)
    assert 'game = "codex"' in text
    assert all(f'"{card["label"]}"' not in text for card in view["you"]["hand"])
    mine = await invoke(cog.position, cog, user(client, ALICE), mine=True)
    own = mine.last.file.fp.read().decode()
    assert all(card["name"] in own for card in view["you"]["hand"])


async def test_the_joiner_chooses_their_own_hero(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), options=f"hero1={TROQ} hero2={TROQ}")
    await client.service.join(channel_id=500, user_id=BOB)
    picked = await run(cog, client, BOB, "hero", hero=RIVER)
    assert "will play **River Montoya" in picked
    outsider = await run(cog, client, 3, "hero", hero=RIVER)
    assert "Join the table first (`/codex join`)" in outsider
    text = await run(cog, client, ALICE, "start")
    assert "p2 <@2> with River Montoya" in text
    record = await client.service.find(channel_id=500)
    assert record.options["hero2"] == RIVER
    late = await run(cog, client, BOB, "hero", hero=TROQ)
    assert "before the match starts" in late


# ------------------------------------------------------------------------------------------- modes

DAVE, ERIN = 4, 5


async def test_standard_table_with_a_team_of_three(cog: Table, client: Any) -> None:
    made = await invoke(cog.new, cog, user(client, ALICE), mode="standard")
    assert "(match #1, standard, 2 players)" in made.last.content
    mine = await run(cog, client, ALICE, "hero", hero=TROQ, second=RIVER, third="none")
    assert "will play **Troq Bashar (Bashing), River Montoya (Finesse)**" in mine
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
    record = await client.service.find(channel_id=500)
    assert record.options["mode"] == "standard" and record.options["hero1"] == [TROQ, RIVER]


async def test_random_places_of_a_team_are_filled_with_different_heroes(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), mode="standard")
    await run(cog, client, ALICE, "hero", hero=TROQ)
    team = (await client.service.find(channel_id=500)).options["_choices"][str(ALICE)]["hero"]
    assert team[0] == TROQ and len(team) == min(3, len(catalog().playable_heroes())) == len(set(team))


async def test_hero_choices_that_do_not_fit_the_mode_are_refused(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), mode="1-hero")
    await client.service.join(channel_id=500, user_id=BOB)
    assert "Leave second and third out" in await run(cog, client, BOB, "hero", hero=TROQ, second=RIVER)
    assert "Teams are chosen only in a 2v2 match" in await run(cog, client, BOB, "hero", team=1)
    assert "Choose a hero" in await run(cog, client, BOB, "hero")
    await invoke(cog.new, cog, user(client, ALICE, channel_id=501), mode="standard")
    assert "each hero at most once" in await run_in(cog, client, ALICE, 501, "hero", hero=TROQ, second=TROQ)
    assert "Choose your first hero too" in await run_in(cog, client, ALICE, 501, "hero", second=TROQ)


async def run_in(cog: Table, client: Any, who: int, channel: int, command: str, **options: Any) -> str:
    done = await invoke(getattr(cog, command), cog, user(client, who, channel_id=channel), **options)
    return done.last.content


async def test_two_headed_dragon_table_teams_and_team_turn(cog: Table, client: Any) -> None:
    made = await invoke(cog.new, cog, user(client, ALICE), mode="2v2", options="first_player=p1")
    assert "(match #1, 2v2, 4 players)" in made.last.content and "`team:` picks your 2v2 team" in made.last.content
    await run(cog, client, ALICE, "hero", hero=TROQ)
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


async def test_free_for_all_table_and_base_repair(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), mode="ffa", options="first_player=p1")
    await run(cog, client, ALICE, "hero", hero=TROQ)
    for who in (BOB, CAROL):
        await client.service.join(channel_id=500, user_id=who)
    started = await run(cog, client, ALICE, "start")
    assert "p3 <@3>" in started
    record = await client.service.find(channel_id=500)
    state = client.service.state_of(record)
    assert len(state.players) == 3 and state.options["mode"] == "ffa"
    # A damaged base with gold to spare: the repair is offered by `move` and done by it.
    state.players[0].base_damage = 2
    state.players[0].gold = 3
    assert "repair base" in await moves(cog, client, ALICE, "repair")
    done = await run(cog, client, ALICE, "move", action="repair base")
    assert "Played `repair base`." in done
    record = await client.service.find(channel_id=500)
    assert client.service.state_of(record).players[0].base_damage == 1


HOSTILE = "**[Verify here](https://evil.example/login)** @everyone"


async def test_text_a_player_typed_is_shown_inert_in_public_and_in_refusals(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE), options=f"hero1={TROQ} hero2={RIVER}")
    await client.service.join(channel_id=500, user_id=BOB)
    unknown = await invoke(cog.hero, cog, user(client, BOB), hero=HOSTILE)
    assert unknown.in_channel == [] and "Unknown or unavailable hero" in unknown.last.content
    assert live_masked_links(unknown.last.content) == [] and "@everyone" not in unknown.last.content
    picked = await invoke(cog.hero, cog, user(client, BOB), starter=HOSTILE)
    public = picked.in_channel[0].content  # /codex hero announces the choice in the channel
    assert "\\*\\*\\[Verify here" in public and live_masked_links(public) == []
    assert "@everyone" not in public
    for command, typed in ((cog.card, {"name": HOSTILE}), (cog.help, {"topic": HOSTILE})):
        refused = await invoke(command, cog, user(client, CAROL), public=True, **typed)
        assert refused.in_channel == [] and refused.last.ephemeral
        assert "\\*\\*\\[Verify here" in refused.last.content and "@everyone" not in refused.last.content


async def test_a_codex_move_is_reported_played_when_the_reply_extras_fail(
    cog: Table, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await opened(cog, client)

    async def broken(**_kwargs: Any) -> Any:
        raise RuntimeError("the hand could not be read after the commit")

    monkeypatch.setattr(client.service, "private_view", broken)
    played = await run(cog, client, ALICE, "move", action="summon Troq Bashar")
    assert played.startswith("Played `summon Troq Bashar`.") and "Nothing was changed" not in played
    assert (await client.service.find(match_id=record.id)).version == record.version + 1


async def test_a_refused_move_says_why_in_private(cog: Table, client: Any) -> None:
    """Codex's reason for refusing a real action reaches the player in the ephemeral reply."""
    await opened(cog, client)
    refused = await invoke(cog.move, cog, user(client, ALICE), action="build tech1")
    assert refused.last.ephemeral and refused.in_channel == []
    assert refused.last.content.startswith(
        "`build tech1` is not a legal action now: Tech I needs 6 workers (you have 4)."
    )
    assert "Legal now: " in refused.last.content
