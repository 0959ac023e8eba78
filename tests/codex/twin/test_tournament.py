"""The unmodified bot runs a 4-player Swiss of Codex against the Discord twin: registration by slash
commands, a thread per pairing with its match and its players pinged, one match played to a real finish
by legal moves through `/codex move`, others resigned, results taken automatically, the next round
paired by itself, standings posted as a picture and a table, and a restart in the middle of round 2."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from app.config import Config, DiscordConfig
from app.rendering import PillowRenderer
from cogs.client import ArbiterBot
from engine.codex import GAME
from tests.codex.twin.test_match import TINY_PNG, score
from tests.twin.harness import running
from tests.twin.server import DiscordTwin

STEP_CAP = 400


async def eventually(check: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def play_to_the_end(
    bot: ArbiterBot, twin: DiscordTwin, thread: int, match_id: int, users: dict[int, int]
) -> None:
    """Greedy legal moves, each typed through `/codex move` in the match's thread."""
    rng = random.Random(3)
    for _ in range(STEP_CAP):
        record = await bot.service.find(match_id=match_id)
        if record.status != "active":
            return
        state = bot.service.state_of(record)
        seat = rng.choice(sorted(GAME.to_move(state)))
        legal = [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]
        best = max(score(m) for m in legal)
        move = rng.choice([m for m in legal if score(m) == best])
        played = await twin.slash(users[record.user_at(seat) or 0], thread, "codex move", {"action": move})
        assert played.content.startswith(f"Played `{move}`"), played.content
    raise AssertionError(f"the match did not end within {STEP_CAP} moves")


async def test_a_swiss_of_codex_runs_itself_through_discord(
    twin: DiscordTwin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = twin.add_guild("Tabletop")
    hall = twin.add_text_channel(guild, "events")
    organiser = twin.add_user("olga")
    twin.add_member(guild, organiser)
    names = ["ann", "ben", "cat", "dan"]
    players = [twin.add_user(name) for name in names]
    for user in players:
        twin.add_member(guild, user)
    config = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    db = tmp_path / "arbiter.db"
    # Board pictures are tested elsewhere; here they only slow the moves down.
    monkeypatch.setattr(PillowRenderer, "board", lambda self, *args: TINY_PNG)
    monkeypatch.setattr(PillowRenderer, "private", lambda self, *args: TINY_PNG)

    def announcements() -> list[str]:
        return [m.content for m in twin.channel_messages(hall) if "**Codex Cup**" in m.content]

    async with running(ArbiterBot(config, db_path=db), twin) as bot:
        created = await twin.slash(
            organiser,
            hall,
            "tournament create",
            {"name": "Codex Cup", "game": "codex", "format": "swiss", "options": "mode=1-hero"},
        )
        assert not created.ephemeral and "created **Codex Cup** (event #1)" in created.content, created.content
        for number, user in enumerate(players, start=1):
            joined = await twin.slash(user, hall, "tournament join")
            assert f"joined **Codex Cup** ({number} players)" in joined.content
        twice = await twin.slash(players[0], hall, "tournament join")
        assert twice.ephemeral and "already entered" in twice.content
        refused = await twin.slash(players[0], hall, "tournament start")
        assert refused.ephemeral and "Only the organisers of Codex Cup" in refused.content
        started = await twin.slash(organiser, hall, "tournament start")
        assert "has started with 4 players" in started.content
        await bot.events.settle()

        # Round 1: two threads under the hall, each with its match started and its two players pinged.
        await eventually(lambda: len(twin.threads(hall)) == 2, "round 1's threads")
        await bot.service.settled()  # a board held back by the thread's pace is written by now
        links = await bot.events.store.event_matches(1)
        assert [link.round for link in links] == [1, 1] and all(link.match_id for link in links)
        for link in links:
            thread = twin.channels[link.thread_id]
            assert thread.type == 11 and thread.name.startswith("Codex Cup · Round 1 · ")
            opening = twin.channel_messages(link.thread_id)[0]
            record = await bot.service.find(match_id=link.match_id)
            assert sorted(opening.pinged_users) == sorted(m.user_id for m in record.members)
            assert any(
                m.content.startswith("**Codex: Card-Time Strategy · match")
                for m in twin.channel_messages(link.thread_id)
            )
        assert any("Round 1 is paired" in text for text in announcements())

        # One match is played to its real end through `/codex move`; in the other a player resigns.
        users = {u: u for u in players}
        first, second = links
        await play_to_the_end(bot, twin, first.thread_id, first.match_id, users)
        played = await bot.service.find(match_id=first.match_id)
        assert played.status == "finished" and played.result["reason"] == "normal"
        loser = (await bot.service.find(match_id=second.match_id)).members[0].user_id
        resigned = await twin.slash(loser, second.thread_id, "codex resign")
        assert "You resigned" in resigned.content
        await bot.service.settled()  # results follow the boards, written after the move's reply
        await bot.events.settle()

        # Both results were taken the moment the matches ended, and round 2 paired itself.
        event = await bot.events.load(1)
        assert set(event.state.results) == {first.pairing_id, second.pairing_id}
        assert len(event.state.rounds) == 2
        await eventually(lambda: len(twin.threads(hall)) == 4, "round 2's threads")
        round_two = [m for m in twin.channel_messages(hall) if "Round 2 is paired" in m.content]
        assert round_two and "standings.png" in round_two[-1].files, "standings come with round 2"
        assert next(iter(round_two[-1].files.values())).startswith(b"\x89PNG")
        standings = await twin.slash(players[1], hall, "tournament standings")
        assert standings.ephemeral and "```" in standings.content and "Pts" in standings.content
        # A match of round 2 ends, then the bot restarts.
        links = [link for link in await bot.events.store.event_matches(1) if link.round == 2]
        resigner = (await bot.service.find(match_id=links[0].match_id)).members[1].user_id
        await twin.slash(resigner, links[0].thread_id, "codex resign")
        await bot.events.settle()

    async with running(ArbiterBot(config, db_path=db), twin) as bot:
        await bot.events.settle()
        # The other match goes on after the restart; its ending is taken and the event ends by itself.
        resigner = (await bot.service.find(match_id=links[1].match_id)).members[0].user_id
        await twin.slash(resigner, links[1].thread_id, "codex resign")
        await bot.events.settle()
        await eventually(lambda: any("is over" in text for text in announcements()), "the final standings")
        final = [m for m in twin.channel_messages(hall) if "is over" in m.content][-1]
        assert "Winner:" in final.content and "standings.png" in final.files
        event = await bot.events.load(1)
        assert event.finished and len(event.state.results) == 4
        assert len(twin.threads(hall)) == 4, "no pairing got a second thread across the restart"
        exported = await twin.slash(organiser, hall, "tournament export")
        assert sorted(exported.files) == ["event-1.csv", "event-1.json"]
        assert exported.files["event-1.csv"].decode().count("\n") == 1 + 4 * 2  # a row per seat of 4 matches
        shown = await twin.slash(players[0], hall, "rating show")
        assert (
            "Codex: Card-Time Strategy, 1-hero: **" in shown.content
            and "(provisional, 2 rated matches)" in shown.content
        )
        assert shown.files["rating.png"].startswith(b"\x89PNG")
    twin.assert_clean()
