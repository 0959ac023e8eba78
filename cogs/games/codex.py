"""`/codex …`: Codex: Card-Time Strategy at the table. It only translates; the service and the engine decide.

Opening a table: `/codex new` picks the mode, both heroes (yours and your opponent's, random by default),
the first player and the clock. Whoever runs `/match join` takes the other hero, and `/codex start` seats
the creator as p1 and the joiner as p2, so each hero reaches the player it was picked for. The first
player is decided by the `first_player` choice (random by default), not by the seats.

Every move has its own command whose autocomplete offers exactly the legal moves of that kind; pending
choices (targets, modes, orders) come as buttons, and the secret tech pick as a menu.
"""

from __future__ import annotations

import asyncio
import io
import logging
import random
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.codex_text import (
    NONE,
    action_label,
    card_choices,
    card_text,
    find_card,
    find_rule,
    forum_export,
    hero_summary,
    heroes,
    modes,
    patrol_line,
    pick_team,
    rule_choices,
    rule_text,
    seats_wanted,
    team_summary,
    tech_menu,
    typed_action,
)
from app.errors import Refusal
from app.options import parse_options
from app.service import MatchService
from cogs.codex.ui import (
    CODEX_ITEMS,
    codex_message,
    is_choice,
    my_view,
    private_components,
    private_text,
    send_private,
    send_tech_menu,
    submit_tech,
    tech_message,
)
from cogs.components import register_private_presenter, send_board_reply
from cogs.responses import MESSAGE_LIMIT, defer, send, user_text
from db.records import MatchRecord
from engine.core import GAMES

log = logging.getLogger(__name__)

GAME = "codex"
RANDOM = "random"
REPAIR = "repair base"
STARTER_CHOICES = [
    app_commands.Choice(name=c, value=c) for c in ("neutral", "red", "green", "blue", "black", "white", "purple")
]
AUTOCOMPLETE_LIMIT = 25

HELP = """\
**Codex at this table**
• **Open:** `/codex new` (your hero, a suggested one for your opponent, who goes first, a clock). The other \
player runs `/match join` and may pick their own hero with `/codex hero`; then the creator runs \
`/codex start`: the creator is p1, the joiner p2.
• **Your turn:** every move is a command: `/codex play`, `summon`, `level`, `build`, `worker`, `attack`, \
`patrol`, `ability`… Each offers exactly your legal moves as you type. `/codex end` locks in your patrol \
and draws. `/codex hand` (or **My hand / my move** on the board) shows your hand with a button per move.
• **Choices** (targets, modes, the order of triggers) come as buttons in your reply or hand; \
`/codex choose` works too. The active player makes every choice, even about the opponent's cards.
• **Tech:** after your draw, `/codex tech` opens a menu of your codex; the pick stays secret and can \
change until your next turn starts (a three-hero codex spans several menus: choose one card, then the \
second). `/codex codex` browses what is left.
• **Names:** `base`, `tech1`, `tower` are your opponent's; `my base` is yours. With several opponents the \
owner is named: `p3 base`, `p4 tech1` (in 2v2 the other team's shared base is just `base`). A card gets `#2` \
only when two copies are in sight.
• **Modes:** `/codex new mode:` 1-hero, standard (three heroes each), 2v2 (Two-Headed Dragon: partners share \
a 30-HP base and play their turn together, each ending it with `/codex end`) or ffa (three to five players: \
the first base destroyed ends the game and the healthiest base wins; repairing mends your base for 3 \
gold (`/codex ability repair base`), and `/codex patrol` can lend a fighter to another player's empty slot).
• **Look up:** `/codex card`, `/codex rules`, `/codex board`, and `/codex export` for a forum post.\
"""


def _service(interaction: discord.Interaction[Any]) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined, no-any-return]


def _channel(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise Refusal("Use this command in the channel where the match is played.")
    return interaction.channel_id


async def _codex_match(interaction: discord.Interaction[Any], *, any_status: bool = False) -> MatchRecord:
    """The channel's Codex match (the live one; with `any_status`, else the last one played here)."""
    service = _service(interaction)
    channel = _channel(interaction)
    record = await service.last_in_channel(channel) if any_status else await service.find(channel_id=channel)
    if record.game != GAME:
        title = GAMES[record.game].title if record.game in GAMES else record.game
        raise Refusal(f"The match in this channel is {title}, not Codex: use the `/match` commands for it.")
    return record


def _hero_choices(*, none: bool = False) -> list[app_commands.Choice[str]]:
    extra = [app_commands.Choice(name="none (a smaller team)", value=NONE)] if none else []
    listed = [app_commands.Choice(name=label[:100], value=hero_id) for label, hero_id in heroes()]
    return [app_commands.Choice(name="random", value=RANDOM), *extra, *listed[: AUTOCOMPLETE_LIMIT - 1 - len(extra)]]


def _pick_heroes(mine: str, theirs: str, rng: random.Random) -> tuple[str, str]:
    """Both heroes, random ones drawn different from the other pick when the pool allows it."""
    pool = [hero_id for _label, hero_id in heroes()]
    if mine == RANDOM:
        mine = rng.choice([h for h in pool if h != theirs] or pool)
    if theirs == RANDOM:
        theirs = rng.choice([h for h in pool if h != mine] or pool)
    return mine, theirs


class CodexCog(commands.Cog):
    codex = app_commands.Group(name="codex", description="Codex: Card-Time Strategy — open, play and look things up")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.rng = random.SystemRandom()

    # ------------------------------------------------------------------------------------ table

    @codex.command(name="new", description="Open a Codex table here: pick the mode, your heroes and the clock")
    @app_commands.describe(
        mode="1-hero (two players), standard (two players, three heroes each), 2v2 (four), ffa (three to five)",
        your_hero="Your hero, or the first of your team (it names your starter deck); random by default",
        your_hero_2="Your second hero (not in the 1-hero game): random by default, or none",
        your_hero_3="Your third hero (not in the 1-hero game): random by default, or none",
        opponent_hero="1-hero game: the hero of whoever joins (random: a different one than yours). Other modes: "
        "each player picks their own team with /codex hero, or gets a random one",
        first_player="Who takes the first turn (in 2v2, that player's team); random by default",
        partner="2v2: who plays with you, by the order players join (or each player picks with /codex hero team:)",
        your_starter="Your starter deck's colour, one of your heroes' (default: your first hero's)",
        rules="Optional rule readings as key=value pairs, e.g. `surplus=draw_phase`",
        clock="Time control (default: the server's setting for Codex)",
        days="Days per move (per-move clock) or for the whole match (total clock)",
        bank_days="Per-move clock: the most time a player's bank may hold",
        on_timeout="When a clock runs out: the opponent claims the win, or the match ends at once",
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name=m, value=m) for m in modes()],
        your_hero=_hero_choices(),
        your_hero_2=_hero_choices(none=True),
        your_hero_3=_hero_choices(none=True),
        opponent_hero=_hero_choices(),
        first_player=[
            app_commands.Choice(name="random", value=RANDOM),
            app_commands.Choice(name="me", value="p1"),
            app_commands.Choice(name="the first player to join (p2)", value="p2"),
            app_commands.Choice(name="the second to join (p3)", value="p3"),
            app_commands.Choice(name="the third to join (p4)", value="p4"),
            app_commands.Choice(name="the fourth to join (p5)", value="p5"),
        ],
        your_starter=STARTER_CHOICES,
        partner=[
            app_commands.Choice(name="the second player to join (p3)", value="p1+p3"),
            app_commands.Choice(name="the first player to join (p2)", value="p1+p2"),
            app_commands.Choice(name="the third player to join (p4)", value="p1+p4"),
        ],
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
        mode: str = "1-hero",
        your_hero: str = RANDOM,
        your_hero_2: str = RANDOM,
        your_hero_3: str = RANDOM,
        opponent_hero: str = RANDOM,
        first_player: str = RANDOM,
        partner: str | None = None,
        your_starter: str | None = None,
        rules: str = "",
        clock: str | None = None,
        days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        bank_days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        on_timeout: str | None = None,
    ) -> None:
        await defer(interaction, ephemeral=False)
        channel = _channel(interaction)
        if mode not in modes():
            raise Refusal(f"There is no Codex mode “{user_text(mode)}”; the modes are {', '.join(modes())}.")
        options = parse_options(rules)
        for key in ("mode", "hero1", "hero2", "hero3", "hero4", "hero5", "first_player", "teams", "starter1"):
            if key in options:
                raise Refusal(f"Choose `{key}` with this command's own options, not in `rules`.")
        if partner is not None and mode != "2v2":
            raise Refusal("A partner is chosen only in 2v2; the other modes have no teams.")
        if mode == "1-hero":
            if (your_hero_2, your_hero_3) != (RANDOM, RANDOM):
                raise Refusal("In the 1-hero game each player has one hero: leave the second and third out.")
            mine, theirs = _pick_heroes(your_hero, opponent_hero, self.rng)
            team: list[str] = [mine]
            options.update(hero1=mine, hero2=theirs)
        else:
            if opponent_hero != RANDOM:
                raise Refusal(
                    f"In the {mode} game each player chooses their own team with `/codex hero` after joining "
                    "(or gets a random one): leave opponent_hero out."
                )
            team = pick_team([your_hero, your_hero_2, your_hero_3], self.rng)
            options.update(hero1=team)
        options.update(mode=mode, first_player=first_player)
        if partner is not None:
            options["teams"] = partner
        if your_starter is not None:
            options["starter1"] = your_starter
        service = _service(interaction)
        record = await service.new_match(
            game_name=GAME,
            options=options,
            guild_id=interaction.guild_id,
            channel_id=channel,
            user_id=interaction.user.id,
            time_control={"kind": clock, "days": days, "bank_days": bank_days, "on_timeout": on_timeout},
        )
        first = {"p1": interaction.user.mention, "p2": "the player who joins"}.get(first_player, "decided at random")
        if first_player in ("p3", "p4", "p5") or (first_player == "p2" and mode not in ("1-hero", "standard")):
            first = f"{first_player} (players are numbered in the order they join)"
        timing = " ".join(service.clock_lines(record)) or "Clock: no time limit."
        mention = interaction.user.mention
        if mode == "1-hero":
            line = f"{mention} plays **{hero_summary(team[0])}** against **{hero_summary(options['hero2'])}**."
            joining = "Join with `/match join` (and pick your own hero with `/codex hero` if you like)"
        else:
            line = f"{mention} plays **{team_summary(team)}**; " + seats_wanted(mode)
            joining = "Join with `/match join`, then pick your heroes with `/codex hero` (or get a random team)" + (
                "; `/codex hero team:` picks your team" if mode == "2v2" else ""
            )
        await send(
            interaction,
            f"{mention} opened a **Codex** table (match #{record.id}, {mode}): {line} "
            f"First turn: {first}. {timing}\n{joining}; then {mention} starts with `/codex start`. "
            "How it works here: `/codex help`.",
            ephemeral=False,
        )

    @codex.command(name="start", description="Start the Codex match (creator): players are seated in joining order")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        record = await _codex_match(interaction)
        service = _service(interaction)
        record = await service.start(channel_id=record.channel_id, user_id=interaction.user.id, seat_order="join")
        state = service.state_of(record)
        seats = ", ".join(
            f"p{m.seat + 1} <@{m.user_id}> with {team_summary(state.players[m.seat].heroes)}"
            + (f" (team {state.players[m.seat].team + 1})" if record.options.get("mode") == "2v2" else "")
            for m in record.seated()
            if m.seat is not None
        )
        await send(interaction, f"Match #{record.id} has started: {seats}. The board is in the channel.")

    @codex.command(name="hero", description="Before the start: choose your hero or team of heroes (and your 2v2 team)")
    @app_commands.describe(
        hero="Your hero, or the first of your team (random picks one for you now)",
        second="Your second hero (standard, 2v2 and free-for-all)",
        third="Your third hero (standard, 2v2 and free-for-all)",
        team="2v2: play in team 1 or team 2 (players who choose nothing fill the places left)",
        starter="Your starter deck's colour, one of your heroes' (default: your first hero's)",
    )
    @app_commands.choices(
        hero=_hero_choices(),
        second=_hero_choices(none=True),
        third=_hero_choices(none=True),
        team=[app_commands.Choice(name=f"team {n}", value=n) for n in (1, 2)],
        starter=STARTER_CHOICES,
    )
    async def hero(
        self,
        interaction: discord.Interaction[Any],
        hero: str | None = None,
        second: str | None = None,
        third: str | None = None,
        team: int | None = None,
        starter: str | None = None,
    ) -> None:
        await defer(interaction, ephemeral=False)
        record = await _codex_match(interaction)
        mode = str(record.options.get("mode", "1-hero"))
        if hero is None and team is None and starter is None:
            raise Refusal("Choose a hero (and, in 2v2, a team), or your starter deck.")
        if mode == "1-hero" and (second, third) != (None, None):
            raise Refusal("This is the 1-hero game: each player has one hero. Leave second and third out.")
        if team is not None and mode != "2v2":
            raise Refusal("Teams are chosen only in a 2v2 match; this one has none.")
        if hero is None and (second, third) != (None, None):
            raise Refusal("Choose your first hero too.")
        choice: dict[str, Any] = {}
        heroes_picked: list[str] = []
        if hero is not None:
            wanted = [hero] if mode == "1-hero" else [hero, second or RANDOM, third or RANDOM]
            heroes_picked = pick_team(wanted, self.rng)
            choice["hero"] = heroes_picked[0] if len(heroes_picked) == 1 else heroes_picked
        if team is not None:
            choice["team"] = team
        if starter is not None:
            choice["starter"] = starter
        # The service checks the heroes first, so a name that is no hero is refused, not looked up.
        await _service(interaction).choose(channel_id=record.channel_id, user_id=interaction.user.id, choice=choice)
        said = [f"will play **{team_summary(heroes_picked)}**"] if heroes_picked else []
        said += [f"plays in team {team}"] if team is not None else []
        said += [f"starts with the {user_text(starter)} starter deck"] if starter is not None else []
        await send(
            interaction, f"{interaction.user.mention} {' and '.join(said)} in match #{record.id}.", ephemeral=False
        )

    @codex.command(name="help", description="How Codex is played here, in one screen")
    async def help_(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        await send(interaction, HELP)

    # ----------------------------------------------------------------------------------- actions

    async def _act(self, interaction: discord.Interaction[Any], verb: str, text: str) -> None:
        await defer(interaction)
        record = await _codex_match(interaction)
        service = _service(interaction)
        result = await service.act(user_id=interaction.user.id, action=typed_action(verb, text), match_id=record.id)
        said = " ".join(result.lines)
        reply = f"Played `{result.notation}`." + (f" {said}" if said else "")
        try:
            more, view = await self._after_act(interaction, result, verb)
        except Exception:  # the move stands: say so, without the extras, rather than "nothing was changed"
            log.exception("the reply after a move in match %s failed", record.id)
            more, view = "", None
        await send(interaction, reply + more, view=view)

    async def _after_act(
        self, interaction: discord.Interaction[Any], result: Any, verb: str
    ) -> tuple[str, discord.ui.View | None]:
        """What the mover sees next: their pending choice, their patrol and tech menu, or their gold left."""
        if result.record.status != "active":
            return "", None
        service = _service(interaction)
        user_id = interaction.user.id
        post = await service.private_view(user_id=user_id, match_id=result.record.id, render=False)
        if is_choice(post):
            lines = "\n".join(line for line in post.lines if not line.startswith("Your hand"))
            return "\n" + lines, private_components(post)
        if verb == "end":
            more = "\n" + patrol_line(my_view(service, result.record, user_id), post.seat)
            prompt, tech_view, menu = await tech_message(service, result.record, user_id)
            return (more + "\n\n" + prompt, tech_view) if menu is not None else (more, None)
        if post.your_move:
            gold = my_view(service, result.record, user_id)["players"][post.seat]["gold"]
            return f" You have {gold} gold left.", None
        return "", None

    async def _choices(
        self, interaction: discord.Interaction[Any], verb: str, typed: str
    ) -> list[app_commands.Choice[str]]:
        """Exactly the legal moves of `verb`, matching what was typed (the verb itself may be left out)."""
        if interaction.channel_id is None:
            return []
        service = _service(interaction)
        # Read back what the autocomplete itself shows (`Tenderfoot → elite`), then drop the verb.
        rest = typed_action(verb, typed)[len(verb) :].strip() if typed.strip() else ""
        found: list[str] = []
        for query in (f"{verb} {rest}".strip(), rest) if rest else (verb,):
            moves = await service.legal_moves(
                user_id=interaction.user.id, channel_id=interaction.channel_id, typed=query
            )
            found = [m for m in moves if m == verb or m.startswith(verb + " ")]
            if found:
                break
        return [app_commands.Choice(name=action_label(verb, m), value=m[:100]) for m in found[:AUTOCOMPLETE_LIMIT]]

    @codex.command(name="play", description="Play a card from your hand")
    @app_commands.describe(card="The card; your playable cards are offered as you type")
    async def play(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._act(interaction, "play", card)

    @play.autocomplete("card")
    async def _play_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "play", typed)

    @codex.command(name="summon", description="Summon a hero from your command zone")
    @app_commands.describe(hero="The hero; those you may summon now are offered")
    async def summon(self, interaction: discord.Interaction[Any], hero: str) -> None:
        await self._act(interaction, "summon", hero)

    @summon.autocomplete("hero")
    async def _summon_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "summon", typed)

    @codex.command(name="level", description="Level up a hero in play (1 gold per level)")
    @app_commands.describe(levels="Which hero and how many levels; the affordable ones are offered")
    async def level(self, interaction: discord.Interaction[Any], levels: str) -> None:
        await self._act(interaction, "level", levels)

    @level.autocomplete("levels")
    async def _level_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "level", typed)

    @codex.command(name="build", description="Start a tech building or an add-on (it finishes at the end of your turn)")
    @app_commands.describe(building="What to build; what you can afford and may build now is offered")
    async def build(self, interaction: discord.Interaction[Any], building: str) -> None:
        await self._act(interaction, "build", building)

    @build.autocomplete("building")
    async def _build_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "build", typed)

    @codex.command(name="destroy", description="Tear down your own add-on to make room (your base takes 2 damage)")
    @app_commands.describe(addon="Your add-on")
    async def destroy(self, interaction: discord.Interaction[Any], addon: str) -> None:
        await self._act(interaction, "destroy", addon)

    @destroy.autocomplete("addon")
    async def _destroy_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "destroy", typed)

    @codex.command(name="worker", description="Hire a worker: pay 1 gold and put a card from your hand face down")
    @app_commands.describe(card="The card from your hand that becomes the worker (nobody else sees which)")
    async def worker(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._act(interaction, "worker", card)

    @worker.autocomplete("card")
    async def _worker_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "worker", typed)

    @codex.command(name="ability", description="Use an ability of a card you control (or repair your base)")
    @app_commands.describe(
        ability="The card (and ability); those you can pay for now are offered. Free-for-all: `repair base`, "
        "3 gold for 1 damage"
    )
    async def ability(self, interaction: discord.Interaction[Any], ability: str) -> None:
        # Free-for-all gives every base the ability to be repaired: it is offered (and typed) here too.
        if " ".join(ability.lower().split()) in (REPAIR, "repair", "repair my base"):
            await self._act(interaction, "repair", "base")
            return
        await self._act(interaction, "ability", ability)

    @ability.autocomplete("ability")
    async def _ability_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._choices(interaction, "ability", typed)
        if typed.strip() and not REPAIR.startswith(" ".join(typed.lower().split())[: len(REPAIR)]):
            return found
        repairs = await self._choices(interaction, "repair", "")
        return [*found, *repairs][:AUTOCOMPLETE_LIMIT]

    @codex.command(name="detect", description="Use your Tower to reveal an invisible enemy for this turn")
    @app_commands.describe(target="The invisible or stealthy enemy to reveal")
    async def detect(self, interaction: discord.Interaction[Any], target: str) -> None:
        await self._act(interaction, "detect", target)

    @detect.autocomplete("target")
    async def _detect_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "detect", typed)

    @codex.command(name="attack", description="Attack with a fighter that has been yours since your turn began")
    @app_commands.describe(attack="Attacker → target; only legal targets are offered (patrollers first)")
    async def attack(self, interaction: discord.Interaction[Any], attack: str) -> None:
        await self._act(interaction, "attack", attack)

    @attack.autocomplete("attack")
    async def _attack_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "attack", typed)

    @codex.command(name="patrol", description="Plan a patroller: a ready fighter in a slot (locked in by /codex end)")
    @app_commands.describe(assignment="Fighter → slot (squad leader, elite, scavenger, technician, lookout)")
    async def patrol(self, interaction: discord.Interaction[Any], assignment: str) -> None:
        await self._act(interaction, "patrol", assignment)

    @patrol.autocomplete("assignment")
    async def _patrol_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "patrol", typed)

    @codex.command(name="unpatrol", description="Take a fighter out of your patrol plan")
    @app_commands.describe(fighter="The planned patroller")
    async def unpatrol(self, interaction: discord.Interaction[Any], fighter: str) -> None:
        await self._act(interaction, "unpatrol", fighter)

    @unpatrol.autocomplete("fighter")
    async def _unpatrol_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "unpatrol", typed)

    @codex.command(name="choose", description="Answer a pending choice: a target, a mode, an order")
    @app_commands.describe(option="Your answer; the options are offered (also as buttons in your hand)")
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        await self._act(interaction, "choose", option)

    @choose.autocomplete("option")
    async def _choose_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "choose", typed)

    @codex.command(name="end", description="End your main phase: your patrol plan is locked in, then you draw")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, "end", "")

    @codex.command(name="tech", description="Your secret tech pick (2 codex cards), changeable until your turn")
    @app_commands.describe(
        first="Type a pick instead of using the menu: the first card",
        second="The second card (the same name again for both copies)",
    )
    async def tech(self, interaction: discord.Interaction[Any], first: str = "", second: str = "") -> None:
        await defer(interaction)
        record = await _codex_match(interaction)
        typed = [v for v in (first.strip(), second.strip()) if v]
        if typed:
            await submit_tech(interaction, record.id, typed)
            return
        await send_tech_menu(interaction, record)

    @tech.autocomplete("first")
    @tech.autocomplete("second")
    async def _tech_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        try:
            post = await _service(interaction).private_view(
                user_id=interaction.user.id, channel_id=interaction.channel_id, render=False
            )
        except Exception:
            return []
        menu = tech_menu(post.legal)
        if menu is None:
            return []
        wanted = typed.strip().lower()
        return [
            app_commands.Choice(name=name[:100], value=name[:100]) for name in menu.cards if wanted in name.lower()
        ][:AUTOCOMPLETE_LIMIT]

    # ------------------------------------------------------------------------------ information

    @codex.command(name="hand", description="Your hand, tech pick and pending choices (only you)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        record = await _codex_match(interaction, any_status=True)
        post = await _service(interaction).private_view(user_id=interaction.user.id, match_id=record.id)
        await send_private(interaction, post)

    @codex.command(name="codex", description="Browse your own codex (only you): the cards you can still tech")
    @app_commands.describe(page="Page number, from 1")
    async def codex_(self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1] = 1) -> None:
        await defer(interaction)
        record = await _codex_match(interaction, any_status=True)
        text, view = codex_message(_service(interaction), record, interaction.user.id, page)
        await send(interaction, text, view=view)

    @codex.command(name="board", description="Post the current board in the channel again")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=False)
        record = await _codex_match(interaction, any_status=True)
        post = await _service(interaction).board(match_id=record.id, user_id=interaction.user.id)
        await send_board_reply(interaction, post, ephemeral=False)

    @codex.command(name="card", description="Look up any Codex card: its facts, our reminder text and rulings")
    @app_commands.describe(name="The card's name", public="Show it to the whole channel (default: only you)")
    async def card(self, interaction: discord.Interaction[Any], name: str, public: bool = False) -> None:
        await defer(interaction, ephemeral=not public)
        found = find_card(name)
        if found is None:
            close = [label for label, _value in card_choices(name[:3])[:5]]
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise Refusal(f"There is no Codex card called “{user_text(name)}”.{hint}")
        await send(interaction, card_text(found), ephemeral=not public)

    @card.autocomplete("name")
    async def _card_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label, value=value) for label, value in card_choices(typed)]

    @codex.command(name="rules", description="Our explanation of a Codex keyword or rule")
    @app_commands.describe(
        topic="A keyword (flying, overpower…) or a rule (patrol, tech buildings…)",
        public="Show it to the whole channel (default: only you)",
    )
    async def rules(self, interaction: discord.Interaction[Any], topic: str, public: bool = False) -> None:
        await defer(interaction, ephemeral=not public)
        entry = find_rule(topic)
        if entry is None:
            close = [value for _label, value in rule_choices(topic[:3])[:6]]
            hint = f" Try: {', '.join(close)}." if close else ""
            raise Refusal(f"We have no entry called “{user_text(topic)}”.{hint}")
        await send(interaction, rule_text(entry), ephemeral=not public)

    @rules.autocomplete("topic")
    async def _rules_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label, value=value) for label, value in rule_choices(typed)]

    @codex.command(name="export", description="This match so far as a play-by-forum post (public information only)")
    @app_commands.describe(public="Post it in the channel (default: only you)")
    async def export(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        await defer(interaction, ephemeral=not public)
        record = await _codex_match(interaction, any_status=True)
        if not record.started:
            raise Refusal("The match has not started yet, so there is nothing to export.")
        service = _service(interaction)
        service.throttle(interaction.user.id, record)
        entries = await service.repo.log_entries(record.id)
        names = {m.seat: await _display_name(interaction, m.user_id) for m in record.seated() if m.seat is not None}
        text = await asyncio.to_thread(forum_export, record, entries, names)
        if len(text) + 8 <= MESSAGE_LIMIT:
            await send(interaction, f"```\n{text}```", ephemeral=not public)
            return
        file = discord.File(io.BytesIO(text.encode()), filename=f"codex-match-{record.id}.txt")
        await send(
            interaction,
            f"Match #{record.id} so far, in the forum layout ({text.count(chr(10))} lines).",
            ephemeral=not public,
            file=file,
        )

    @codex.command(name="position", description="The current position as a scenario file (public parts only)")
    @app_commands.describe(mine="Include what only you can see (your hand); the file is sent only to you")
    async def position(self, interaction: discord.Interaction[Any], mine: bool = False) -> None:
        await defer(interaction)
        record = await _codex_match(interaction, any_status=True)
        text = await _service(interaction).position_text(user_id=interaction.user.id, match_id=record.id, mine=mine)
        await send(
            interaction,
            f"The position of match #{record.id} as a scenario file: run it with `python bot.py scenario run`, "
            "or start a new match from it with `/match new scenario:`.",
            file=discord.File(io.BytesIO(text.encode()), filename=f"codex-match-{record.id}.toml"),
        )


async def _display_name(interaction: discord.Interaction[Any], user_id: int) -> str:
    """How a player is called in an export: their server nickname or name, else a mention."""
    guild = getattr(interaction, "guild", None)
    member = guild.get_member(user_id) if guild is not None else None
    if member is not None:
        return _in_code_block(member.display_name)
    client = interaction.client
    user = client.get_user(user_id) if hasattr(client, "get_user") else None
    if user is None and hasattr(client, "fetch_user"):
        try:
            user = await client.fetch_user(user_id)
        except discord.HTTPException:
            user = None
    return _in_code_block(user.display_name) if user is not None else f"<@{user_id}>"


def _in_code_block(name: str) -> str:
    """A display name (chosen by its owner) that cannot close the export's code block early."""
    return name.replace("`", "'")


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*CODEX_ITEMS)
    # DMs and the board's "My hand / my move" button word Codex views the way /codex hand does.
    register_private_presenter("codex", private_text, private_components)
    await bot.add_cog(CodexCog(bot))
