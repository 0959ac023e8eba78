"""`/match …`: the lobby and everything every game shares. It only translates; the service decides."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.errors import Refusal
from app.options import parse_options
from app.rewind import Rewinder
from app.service import SCENARIO_WARNING, MatchService
from app.timekeeping import Timekeeper
from cogs.components import replay_components, replay_text, send_board_reply, send_private_reply
from cogs.responses import defer, png, send, user_text
from db.records import MatchRecord
from engine.core import GAMES, offered_games


def _service(interaction: discord.Interaction[Any]) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined, no-any-return]


def _can_manage(interaction: discord.Interaction[Any]) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


class MatchCog(commands.Cog):
    match = app_commands.Group(name="match", description="Create, join and play matches in this channel")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------------------------ lobby

    @match.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(
        game="Which game",
        options="Game options as key=value pairs, e.g. `mode=1-hero`; leave empty for defaults",
        clock="Time control (default: the server's setting for this game)",
        days="Days per move (per-move clock) or for the whole match (total clock)",
        bank_days="Per-move clock: the most time a player's bank may hold",
        on_timeout="When a clock runs out: the opponent claims the win, or the match ends at once",
        scenario="A scenario file (.toml) to start from its position instead of the normal setup",
    )
    @app_commands.choices(
        clock=[
            app_commands.Choice(name="no clock", value="none"),
            app_commands.Choice(name="days per move, with a bank", value="per_move"),
            app_commands.Choice(name="total days per player", value="total"),
        ],
        on_timeout=[
            app_commands.Choice(name="opponent may claim the win", value="claim"),
            app_commands.Choice(name="the match ends automatically", value="auto"),
        ],
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: str = "",
        clock: str | None = None,
        days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        bank_days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        on_timeout: str | None = None,
        scenario: discord.Attachment | None = None,
    ) -> None:
        await defer(interaction, ephemeral=False)
        if interaction.channel_id is None:
            raise Refusal("Matches are played in a server channel or thread.")
        service = _service(interaction)
        position = await _scenario_text(scenario) if scenario is not None else None
        record = await service.new_match(
            scenario=position,
            game_name=game,
            options=parse_options(options),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            time_control={"kind": clock, "days": days, "bank_days": bank_days, "on_timeout": on_timeout},
        )
        title = GAMES[record.game].title
        source = f" from the position file “{user_text(scenario.filename)}”" if scenario is not None else ""
        timing = " ".join(service.clock_lines(record)) or "Clock: no time limit."
        await send(
            interaction,
            f"{interaction.user.mention} opened a table for **{title}**{source} (match #{record.id}). {timing} "
            f"Join with `/match join`; the creator starts it with `/match start`.{_warning(record)}",
            ephemeral=False,
        )

    @new.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        typed = typed.lower()
        return [
            app_commands.Choice(name=f"{g.title} ({g.min_players}–{g.max_players} players)", value=g.name)
            for g in offered_games()
            if typed in g.name or typed in g.title.lower()
        ][:25]

    @match.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=False)
        record = await _service(interaction).join(channel_id=_channel(interaction), user_id=interaction.user.id)
        await send(
            interaction,
            f"{interaction.user.mention} joined match #{record.id} ({len(record.members)} players).{_warning(record)}"
            + (" Changed your mind? `/match leave` before it starts." if not record.rated else ""),
            ephemeral=False,
        )

    @match.command(name="leave", description="Leave the table before the match starts")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=False)
        record = await _service(interaction).leave(channel_id=_channel(interaction), user_id=interaction.user.id)
        closed = " The table is closed." if record.status == "aborted" else ""
        await send(interaction, f"{interaction.user.mention} left match #{record.id}.{closed}", ephemeral=False)

    @match.command(name="start", description="Start the match (creator only)")
    @app_commands.describe(seat_order="Random seats (default) or in the order players joined")
    @app_commands.choices(
        seat_order=[
            app_commands.Choice(name="random", value="random"),
            app_commands.Choice(name="join order", value="join"),
        ]
    )
    async def start(self, interaction: discord.Interaction[Any], seat_order: str = "random") -> None:
        await defer(interaction)
        record = await _service(interaction).start(
            channel_id=_channel(interaction), user_id=interaction.user.id, seat_order=seat_order
        )
        await send(interaction, f"Match #{record.id} has started; the board is in the channel.")

    # ------------------------------------------------------------------------------------- play

    @match.command(name="move", description="Make a move, typed in the game's notation")
    @app_commands.describe(action="Your move; the legal ones are offered as you type")
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        await defer(interaction)
        result = await _service(interaction).act(
            user_id=interaction.user.id, action=action, channel_id=_channel(interaction)
        )
        await send(interaction, f"Played `{result.notation}`.")

    @move.autocomplete("action")
    async def _move_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        moves = await _service(interaction).legal_moves(
            user_id=interaction.user.id, channel_id=interaction.channel_id, typed=typed
        )
        return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves]

    @match.command(name="hand", description="See your hand and other private information (only you)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        post = await _service(interaction).private_view(user_id=interaction.user.id, channel_id=_channel(interaction))
        await send_private_reply(interaction, post)

    @match.command(name="status", description="Show the board and whose move it is")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        post = await _service(interaction).board(channel_id=_channel(interaction), user_id=interaction.user.id)
        await send_board_reply(interaction, post, ephemeral=True)

    @match.command(name="history", description="The moves so far (your own secrets included, only for you)")
    @app_commands.describe(page="Page number, from 1")
    async def history(self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1] = 1) -> None:
        await defer(interaction)
        found = await _service(interaction).history(
            user_id=interaction.user.id, channel_id=_channel(interaction), page=page
        )
        body = "\n".join(found.lines) or "Nothing has happened yet."
        await send(interaction, f"**History, page {found.page} of {found.pages}**\n{body}")

    @match.command(name="resign", description="Concede the match")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        record = await _service(interaction).resign(user_id=interaction.user.id, channel_id=_channel(interaction))
        await send(interaction, f"You resigned from match #{record.id}.")

    @match.command(
        name="abort", description="Close a table, or end a match with no result (all players agree, or Manage Server)"
    )
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        # Private: a refusal or a confirmation only the asker needs. The service tells the channel with a
        # notice of its own, a new message, so the players it waits on are pinged.
        await defer(interaction)
        result = await _service(interaction).abort(
            user_id=interaction.user.id, can_manage_guild=_can_manage(interaction), channel_id=_channel(interaction)
        )
        await send(interaction, result.reply)

    @match.command(name="list", description="Matches being played or waiting for players in this server")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        service = _service(interaction)
        records = await service.matches(guild_id=interaction.guild_id)
        if not records:
            await send(interaction, "No matches are open in this server. Start one with `/match new`.")
            return
        lines = [
            f"#{r.id} {GAMES[r.game].title if r.game in GAMES else r.game} in <#{r.channel_id}>"
            f"{'' if r.rated else ' (unrated)'}: {service.status_line(r)}"
            for r in records[:20]
        ]
        await send(interaction, "\n".join(lines))

    # ------------------------------------------------------------------------------- async play

    @match.command(name="undo", description="Take back your last move, while it is still your turn")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        text = await _rewinder(interaction).undo(user_id=interaction.user.id, channel_id=_channel(interaction))
        await send(interaction, text)

    @match.command(name="takeback", description="Ask your opponents to let you take back your last move")
    async def takeback(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        text = await _rewinder(interaction).request_takeback(
            user_id=interaction.user.id, channel_id=_channel(interaction)
        )
        await send(interaction, text)

    @match.command(name="claim", description="Claim the win when an opponent's clock has run out")
    async def claim(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        record = await _keeper(interaction).claim_timeout(user_id=interaction.user.id, channel_id=_channel(interaction))
        await send(interaction, f"Match #{record.id}: {_service(interaction).status_line(record)}")

    @match.command(name="vacation", description="Pause all your clocks for some days (0 ends a vacation)")
    @app_commands.describe(days="How many days; 0 ends your vacation now")
    async def vacation(
        self, interaction: discord.Interaction[Any], days: app_commands.Range[float, 0.0, 365.0]
    ) -> None:
        await defer(interaction)
        await send(interaction, await _keeper(interaction).vacation(user_id=interaction.user.id, days=days))

    @match.command(name="notify", description="How reminders reach you: by DM too, and your quiet hours")
    @app_commands.describe(
        dm="Also send reminders by direct message",
        quiet="Hours without reminders in your time, like 23-7, or off",
        utc_offset="Your time zone as an offset from UTC, like +2 or -5:30",
    )
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        dm: bool | None = None,
        quiet: str | None = None,
        utc_offset: str | None = None,
    ) -> None:
        await defer(interaction)
        text = await _keeper(interaction).notify(user_id=interaction.user.id, dm=dm, quiet=quiet, utc_offset=utc_offset)
        await send(interaction, text)

    @match.command(name="replay", description="Step through the match's boards, move by move (only you)")
    @app_commands.describe(move="Start at this move (0 is the start)")
    async def replay(self, interaction: discord.Interaction[Any], move: app_commands.Range[int, 0] = 0) -> None:
        await defer(interaction)
        record = await _service(interaction).find(channel_id=_channel(interaction))
        frame = await _rewinder(interaction).frame(match_id=record.id, step=move, user_id=interaction.user.id)
        await send(
            interaction,
            replay_text(frame),
            file=png(frame.post.image, "replay.png"),
            view=replay_components(record.id, frame.step, frame.steps),
        )

    @match.command(name="position", description="The current position as a scenario file (public parts only)")
    @app_commands.describe(mine="Include what only you can see (your hand); the file is sent only to you")
    async def position(self, interaction: discord.Interaction[Any], mine: bool = False) -> None:
        await defer(interaction)
        service = _service(interaction)
        record = await service.last_in_channel(_channel(interaction))
        text = await service.position_text(user_id=interaction.user.id, match_id=record.id, mine=mine)
        file = discord.File(io.BytesIO(text.encode()), filename=f"match-{record.id}.toml")
        await send(
            interaction,
            f"The position of match #{record.id} as a scenario file. Run it with `python bot.py scenario run`, "
            "or start a new match from it with `/match new scenario:`.",
            file=file,
        )

    @match.command(name="export", description="The finished match's full log as a file anyone can replay")
    @app_commands.describe(match_id="Which match (default: the last one in this channel)")
    async def export(self, interaction: discord.Interaction[Any], match_id: int | None = None) -> None:
        await defer(interaction)
        service = _service(interaction)
        record = (
            await service.find(match_id=match_id) if match_id else await service.last_in_channel(_channel(interaction))
        )
        if record.guild_id != interaction.guild_id and not record.is_member(interaction.user.id):
            raise Refusal(f"Match #{record.id} was played in another server; only its players can export it here.")
        text = await _rewinder(interaction).export(match_id=record.id, user_id=interaction.user.id)
        file = discord.File(io.BytesIO(text.encode()), filename=f"match-{record.id}.jsonl")
        await send(
            interaction,
            f"The log of match #{record.id}. Check it with `python bot.py replay match-{record.id}.jsonl`.",
            file=file,
        )

    @app_commands.command(name="mygames", description="Every match, in any server, that is waiting on you")
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        waiting = await _keeper(interaction).waiting_on(interaction.user.id)
        if not waiting:
            await send(interaction, "No match is waiting on you. 🎉")
            return
        lines = [
            f"**{w.title}** #{w.record.id}, waiting since <t:{int(w.since.timestamp())}:R>: "
            f"https://discord.com/channels/{w.record.guild_id or '@me'}/{w.record.channel_id}"
            for w in waiting[:20]
        ]
        more = f"\n…and {len(waiting) - 20} more." if len(waiting) > 20 else ""
        await send(interaction, "Waiting on you, longest first:\n" + "\n".join(lines) + more)


SCENARIO_LIMIT = 64 * 1024


def _warning(record: MatchRecord) -> str:
    """The warning every joiner of a match from a scenario file reads (in the announcement and on joining)."""
    return "" if record.rated else f"\n⚠️ {SCENARIO_WARNING}"


async def _scenario_text(attachment: discord.Attachment) -> str:
    if attachment.size > SCENARIO_LIMIT:
        raise Refusal(
            f"A scenario file is at most {SCENARIO_LIMIT // 1024} KB; this one is {attachment.size // 1024} KB."
        )
    try:
        return (await attachment.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal("The attached file is not text: a scenario is a UTF-8 .toml file.") from None


def _keeper(interaction: discord.Interaction[Any]) -> Timekeeper:
    return interaction.client.keeper  # type: ignore[attr-defined, no-any-return]


def _rewinder(interaction: discord.Interaction[Any]) -> Rewinder:
    return interaction.client.rewinder  # type: ignore[attr-defined, no-any-return]


def _channel(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise Refusal("Use this command in the channel where the match is played.")
    return interaction.channel_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchCog(bot))
