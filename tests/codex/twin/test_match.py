"""The real ArbiterBot plays a whole one-hero Codex match against the Discord twin, through /codex commands.

Moves are picked from the legal ones by a simple greedy player that prefers hitting the base, so the match
ends. Every move goes through an autocomplete (the move must be offered) and then the slash command: the
verb's shortcut (`/codex play`, `attack`, `end`) or `/codex move`; tech picks go through the /codex tech
menu, and pending choices through the "My hand / my move" button's per-choice buttons.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from app.config import Config, DiscordConfig
from app.rendering import PillowRenderer
from cogs.client import ArbiterBot
from cogs.codex.text import tech_names
from engine.codex import GAME
from tests.twin.harness import running
from tests.twin.server import DiscordTwin, TwinMessage

STEP_CAP = 400
SHORTCUTS = {"play": "card", "attack": "attack"}
"""Verbs with a `/codex` command of their own, and the name of its option; every other verb goes through
`/codex move`."""
# A tiny valid PNG: boards are drawn by the render package (golden-image tests); here they only slow us down.
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)


def score(move: str) -> int:
    """The greedy player's taste: hit the base, then other attacks, develop, and only then end the turn."""
    if move.startswith("attack ") and move.endswith("-> base"):
        return 100
    for prefix, value in (
        ("attack ", 60),
        ("choose ", 50),
        ("summon ", 45),
        ("build tech", 44),
        ("play ", 40),
        ("worker ", 35),
        ("level ", 30),
        ("end", 1),
    ):
        if move.startswith(prefix):
            return value
    return -1  # patrol plans, tech picks (handled apart), add-ons, abilities


def boards(twin: DiscordTwin, channel: int) -> list[TwinMessage]:
    return [m for m in twin.channel_messages(channel) if m.content.startswith("**Codex: Card-Time Strategy · match")]


@pytest.fixture
def config(tmp_path: Path, twin: DiscordTwin) -> tuple[Config, int, int, int, int]:
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "codex")
    alice, bob = twin.add_user("alice"), twin.add_user("bob")
    twin.add_member(guild, alice)
    twin.add_member(guild, bob)
    made = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    return made, channel, alice, bob, guild


async def test_a_whole_codex_match_through_slash_commands(
    twin: DiscordTwin, tmp_path: Path, config: tuple[Config, int, int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings, channel, alice, bob, _guild = config
    bot = ArbiterBot(settings, db_path=tmp_path / "codex.db")
    async with running(bot, twin):
        heroes = await twin.autocomplete(alice, channel, "codex card", {"name": "troq"}, focused="name")
        assert [c["value"] for c in heroes] == ["Troq Bashar"]
        opened = await twin.slash(
            alice, channel, "codex new", {"options": "hero1=troq-bashar hero2=river-montoya first_player=p1"}
        )
        assert not opened.ephemeral and "p1 plays **Troq Bashar (Bashing)**; p2 plays **River Montoya" in opened.content
        await twin.slash(bob, channel, "codex join")
        started = await twin.slash(alice, channel, "codex start")
        assert started.ephemeral and "p1 <@" in started.content
        first = boards(twin, channel)[-1]
        assert next(iter(first.files.values())).startswith(b"\x89PNG") and "Turn 1: p1 begins." in first.content
        monkeypatch.setattr(PillowRenderer, "board", lambda self, *args: TINY_PNG)
        monkeypatch.setattr(PillowRenderer, "private", lambda self, *args: TINY_PNG)

        users = {0: alice, 1: bob}
        rng = random.Random(7)
        counts: dict[str, int] = {}
        for _ in range(STEP_CAP):
            record = await bot.service.find(match_id=1)
            if record.status != "active":
                break
            state = bot.service.state_of(record)
            seat = rng.choice(sorted(GAME.to_move(state)))  # both may owe a move: the active one and a tech pick
            await play_one_move(twin, channel, users[seat], state, seat, rng, counts)
        record = await bot.service.find(match_id=1)
        assert record.status == "finished", f"no winner within {STEP_CAP} steps: {counts}"
        assert {"attack", "tech", "end"} <= set(counts), counts
        await bot.service.settled()  # a board held back by the channel's pace is written by now
        final = boards(twin, channel)[-1]
        winner = record.result["winners"][0]
        assert f"The game is over: p{winner + 1} wins." in final.content
        assert f"Game over: p{winner + 1} (<@{users[winner]}>) won." in final.content

        export = await twin.slash(bob, channel, "codex forum")
        assert export.ephemeral and export.files, "a whole match is long: it comes as a file"
        text = next(iter(export.files.values())).decode()
        assert "== Turn 1 · p1 (alice) ==" in text and f"p{winner + 1}" in text.splitlines()[-1]
    twin.assert_clean()


async def play_one_move(
    twin: DiscordTwin, channel: int, user: int, state: Any, seat: int, rng: random.Random, counts: dict[str, int]
) -> None:
    """The greedy player's move for `seat`, made through Discord as a player would; `counts` tallies verbs."""
    legal = [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]
    if all(m.startswith("tech ") for m in legal):
        await tech_through_the_menu(twin, channel, user, rng.choice(legal))
        counts["tech"] = counts.get("tech", 0) + 1
        return
    mains = [m for m in legal if not m.startswith("tech ")]
    best = max(score(m) for m in mains)
    move = rng.choice([m for m in mains if score(m) == best])
    verb = move.split(" ", 1)[0]
    counts[verb] = counts.get(verb, 0) + 1
    if verb == "choose":
        await choose_with_a_button(twin, channel, user, move)
    else:
        await play_through_autocomplete(twin, channel, user, verb, move)


async def play_through_autocomplete(twin: DiscordTwin, channel: int, user: int, verb: str, move: str) -> None:
    """The move through its verb's shortcut when it has one, else through `/codex move`; either way it must be
    offered by the autocomplete before it is sent."""
    if verb == "end":
        result = await twin.slash(user, channel, "codex end")
        assert result.content.startswith("Played `end`."), result.content
        return
    if verb in SHORTCUTS:
        command, option, typed = f"codex {verb}", SHORTCUTS[verb], move[len(verb) + 1 :]
    else:
        command, option, typed = "codex move", "action", move
    offered = await twin.autocomplete(user, channel, command, {option: typed}, focused=option)
    assert move in [c["value"] for c in offered], (move, offered)
    result = await twin.slash(user, channel, command, {option: move})
    assert result.ephemeral and result.content.startswith(f"Played `{move}`"), result.content


async def tech_through_the_menu(twin: DiscordTwin, channel: int, user: int, pick: str) -> None:
    opened = await twin.slash(user, channel, "codex tech")
    assert opened.ephemeral and "**Tech:**" in opened.content, opened.content
    names = tech_names(pick)
    values: list[str] = list(names)
    if len(values) == 2 and values[0] == values[1]:
        values = [values[0] + "|2"]
    wanted = values or ["none"]
    menus: list[Any] = [c for row in opened.components for c in row["components"] if c["type"] == 3]
    menu = next((m for m in menus if set(wanted) <= {o["value"] for o in m["options"]}), None)
    if menu is None:  # a big codex comes in several menus: one card from one, then the second from another
        first = next(m for m in menus if names[0] in {o["value"] for o in m["options"]})
        asked = await twin.select(user, opened.message, first["custom_id"], [names[0]])
        assert asked.message is not None and (
            f"First card: **{names[0]}**" in asked.content or "To add a second card, choose it below." in asked.content
        ), asked.content
        seconds: list[Any] = [c for row in asked.components for c in row["components"] if c["type"] == 3]
        second = next(m for m in seconds if names[1] in {o["value"] for o in m["options"]})
        chosen = await twin.select(user, asked.message, second["custom_id"], [names[1]])
    else:
        chosen = await twin.select(user, opened.message, menu["custom_id"], wanted)
    assert "Tech pick saved" in chosen.content, chosen.content


async def choose_with_a_button(twin: DiscordTwin, channel: int, user: int, move: str) -> None:
    board = boards(twin, channel)[-1]
    hand_button = board.find_component_by_label("My hand / my move")
    assert hand_button is not None
    hand = await twin.click(user, board, hand_button["custom_id"])
    assert hand.ephemeral
    button = hand.message.find_component_by_label(move) if hand.message else None
    if button is None:  # more than 20 options come as a menu; the command serves them too
        await play_through_autocomplete(twin, channel, user, "choose", move)
        return
    played = await twin.click(user, hand.message, button["custom_id"])
    assert f"Played `{move}`" in played.content, played.content
