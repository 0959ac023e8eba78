"""The unmodified bot runs an event of the test-only trial game against the Discord twin: organiser commands
with user and choice options, rulings that close a match in its thread, drops, and refusals kept private."""

from __future__ import annotations

from pathlib import Path

from app.config import Config, DiscordConfig
from cogs.client import ArbiterBot
from tests.fixtures.trial_game import TRIAL

from .harness import running
from .server import DiscordTwin


async def test_organisers_rule_through_discord(twin: DiscordTwin, tmp_path: Path) -> None:
    """Organiser commands with user and choice options: a ruling closes the match in its thread, a drop
    resigns the dropping player's match, and refusals stay private."""
    guild = twin.add_guild("Tabletop")
    hall = twin.add_text_channel(guild, "events")
    olga = twin.add_user("olga")
    twin.add_member(guild, olga)
    players = [twin.add_user(name) for name in ("ann", "ben", "cat", "dan")]
    for user in players:
        twin.add_member(guild, user)
    config = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    async with running(ArbiterBot(config, db_path=tmp_path / "a.db", allow_unoffered_games=True), twin) as bot:
        made = await twin.slash(
            olga, hall, "tournament create", {"name": "Quick", "game": TRIAL.name, "format": "swiss"}
        )
        assert "created **Quick**" in made.content, made.content
        for user in players:
            await twin.slash(user, hall, "tournament join")
        await twin.slash(olga, hall, "tournament start")
        await bot.events.settle()
        first, _second = await bot.events.store.event_matches(1)
        offered = await twin.autocomplete(olga, hall, "tournament adjudicate", {"match": "r1"}, focused="match")
        assert [c["value"] for c in offered] == ["r1m1", "r1m2"]
        event = await bot.events.load(1)
        winner = int(event.state.seat_entrants("r1m1")[0])
        hidden = await twin.slash(players[3], hall, "tournament adjudicate", {"match": "r1m1", "ruling": "draw"})
        assert hidden.ephemeral and "Only the organisers of Quick" in hidden.content
        ruled = await twin.slash(
            olga, hall, "tournament adjudicate", {"match": "r1m1", "ruling": "win", "winner": winner, "note": "no-show"}
        )
        assert not ruled.ephemeral and "won by ruling" in ruled.content and "Its match is closed" in ruled.content
        assert "is closed: an organiser ruled on r1m1" in twin.channel_messages(first.thread_id)[-1].content
        leaver = int((await bot.events.load(1)).state.seat_entrants("r1m2")[1])
        dropped = await twin.slash(leaver, hall, "tournament drop")
        assert "dropped out of **Quick**" in dropped.content
        await bot.events.settle()
        event = await bot.events.load(1)
        assert event.state.results["r1m2"].reason.value == "resign" and len(event.state.rounds) == 2
        assert all(str(leaver) not in p.seats for p in event.state.rounds[1].pairings)
        pairings = await twin.slash(players[0], hall, "tournament pairings", {"round": 1})
        assert pairings.ephemeral and "by ruling" in pairings.content and "by resignation" in pairings.content
        bracket = await twin.slash(players[0], hall, "tournament bracket")
        assert bracket.ephemeral and "it has standings, not a bracket" in bracket.content
        await bot.service.settled()  # a match is rated once its last board is out, which the pace may hold back
        board = await twin.slash(players[0], hall, "rating leaderboard", {"game": "trial"})
        assert "Trial · standard · in this server" in board.content and f"<@{leaver}>" in board.content
    twin.assert_clean()
