"""A game's shared commands (`/trial new`, `join`, `move`, …), `/match` and the buttons, with mocked
interactions: each command translates and answers."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import engine
from app.bots import BotSeats, bot_id
from app.delivery import BoardPost, ChannelUnreachable
from app.rendering import NoImages
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from cogs.components import ActButton, ActMenu, HandButton, action_components, board_components
from cogs.delivery import DiscordDelivery
from cogs.match import MatchCog
from cogs.responses import board_text, report_error
from cogs.table import build_group, table_games
from db.sqlite import SqliteStore
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL
from tests.twin.server import live_masked_links

from .fakes import FakeAttachment, FakeInteraction, Table, complete, invoke

ALICE, BOB, CAROL = 1, 2, 3


@pytest.fixture
async def client(tmp_path: Path):
    store = await SqliteStore.open(tmp_path / "c.db")
    delivery = RecordingDelivery()
    service = MatchService(store, delivery, NoImages(), seed_source=random.Random(1), allow_unoffered_games=True)
    yield SimpleNamespace(service=service, delivery=delivery, keeper=Timekeeper(service), rewinder=Rewinder(service))
    await store.close()


@pytest.fixture
def cog() -> Table:
    """`/trial`: the group every game gets, built for the test-only game."""
    return Table(build_group(TRIAL))


@pytest.fixture
def match() -> MatchCog:
    return MatchCog(bot=None)  # type: ignore[arg-type]


def user(client: Any, user_id: int, **kwargs: Any) -> FakeInteraction:
    return FakeInteraction(client=client, user_id=user_id, **kwargs)


async def start_trial(cog: Table, client: Any) -> Any:
    await invoke(cog.new, cog, user(client, ALICE))
    await invoke(cog.join, cog, user(client, BOB))
    await invoke(cog.start, cog, user(client, ALICE))
    return await client.service.find(channel_id=500)


async def test_new_join_start_answer_in_the_channel(cog: Table, client: Any) -> None:
    created = await invoke(cog.new, cog, user(client, ALICE), options="rounds=2")
    assert created.response.deferred_ephemeral is False
    assert "opened a table for **Trial**" in created.last.content and not created.last.ephemeral
    joined = await invoke(cog.join, cog, user(client, BOB))
    assert "joined match #1 (2 players)" in joined.last.content
    started = await invoke(cog.start, cog, user(client, ALICE))
    assert "has started" in started.last.content and started.last.ephemeral
    record = await client.service.find(channel_id=500)
    assert record.status == "active" and record.options["rounds"] == 2
    assert client.delivery.boards, "the board was posted to the channel"


async def test_refusals_are_ephemeral_and_specific(cog: Table, client: Any) -> None:
    nothing = await invoke(cog.join, cog, user(client, BOB))
    assert nothing.last.ephemeral and "no match in this channel" in nothing.last.content
    bad = await invoke(cog.new, cog, user(client, ALICE), options="rounds")
    assert bad.last.ephemeral and "key=value" in bad.last.content
    await invoke(cog.new, cog, user(client, ALICE))
    early = await invoke(cog.start, cog, user(client, ALICE))
    assert "at least 2 players" in early.last.content
    not_creator = await invoke(cog.start, cog, user(client, BOB))
    assert "Only the player who created" in not_creator.last.content


async def test_leave_and_abort(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE))
    await invoke(cog.join, cog, user(client, BOB))
    left = await invoke(cog.leave, cog, user(client, BOB))
    assert "left match #1" in left.last.content
    refused = await invoke(cog.abort, cog, user(client, BOB))
    assert "Manage Server" in refused.last.content
    aborted = await invoke(cog.abort, cog, user(client, CAROL, manage_guild=True))
    assert "You closed match #1" in aborted.last.content and aborted.last.ephemeral
    told = client.delivery.notices[-1]  # the channel hears it as a message of its own
    assert told.channel_id == 500 and "was aborted by <@3>" in told.text
    closed = await invoke(cog.leave, cog, user(client, ALICE))
    assert "no match in this channel" in closed.last.content


async def test_abort_after_the_first_round_gathers_consent_and_says_what_it_does(cog: Table, client: Any) -> None:
    await start_trial(cog, client)
    for player in (ALICE, BOB):
        await invoke(cog.move, cog, user(client, player), action="bid 1")
    first = await invoke(cog.abort, cog, user(client, ALICE))
    assert first.response.deferred_ephemeral and first.last.ephemeral
    assert "1 of 2 players agreed" in first.last.content and "counts as resigning" in first.last.content
    told = client.delivery.notices[-1]
    assert "waiting for <@2>" in told.text and told.mention == [BOB]
    assert (await client.service.find(channel_id=500)).status == "active"
    stranger = await invoke(cog.abort, cog, user(client, CAROL))
    assert stranger.last.ephemeral and "Only the players" in stranger.last.content
    agreed = await invoke(cog.abort, cog, user(client, BOB))
    assert "aborted with every player's consent" in agreed.last.content
    record = await client.service.last_in_channel(500)
    assert record.status == "aborted" and record.result["winners"] == []


async def test_move_and_its_autocomplete(cog: Table, client: Any) -> None:
    await start_trial(cog, client)
    choices = await complete(cog.move, "action", user(client, ALICE), "bid")
    assert [c.value for c in choices] == ["bid 0", "bid 1", "bid 2"]
    assert await complete(cog.move, "action", user(client, CAROL), "") == []
    moved = await invoke(cog.move, cog, user(client, ALICE), action="bid 1")
    assert moved.last.content == "Played `bid 1`." and moved.last.ephemeral
    wrong = await invoke(cog.move, cog, user(client, ALICE), action="jump")
    assert wrong.last.ephemeral and "not Trial notation" in wrong.last.content
    stranger = await invoke(cog.move, cog, user(client, CAROL), action="bid 1")
    assert "not playing in this match" in stranger.last.content


async def test_a_refused_move_says_why_in_private(cog: Table, client: Any) -> None:
    """The engine's reason for refusing a real action reaches the player in the ephemeral reply."""
    await start_trial(cog, client)
    refused = await invoke(cog.move, cog, user(client, ALICE), action="bid 3")
    assert refused.last.ephemeral and refused.in_channel == []
    assert refused.last.content == (
        "`bid 3` is not a legal action now: a bid is 0 to 2 cards. Did you mean `bid 2`? "
        "Legal now: bid 0; bid 1; bid 2."
    )


def test_only_offered_games_get_a_group_unless_the_bot_allows_test_games() -> None:
    assert "trial" not in [g.name for g in table_games()]  # a test-only game is never offered
    assert "trial" in [g.name for g in table_games(allow_unoffered=True)]


async def test_hand_status_history_list(cog: Table, match: MatchCog, client: Any) -> None:
    record = await start_trial(cog, client)
    hand = await invoke(cog.hand, cog, user(client, BOB))
    assert hand.last.ephemeral and "your view" in hand.last.content and "Your hand" in hand.last.content
    assert hand.last.view is not None  # buttons for Bob's legal bids
    status = await invoke(cog.status, cog, user(client, CAROL))
    assert status.last.ephemeral and f"match #{record.id}" in status.last.content
    history = await invoke(cog.history, cog, user(client, ALICE), page=1)
    assert "History, page 1 of 1" in history.last.content and "The match began" in history.last.content
    listed = await invoke(match.list_, match, user(client, CAROL))
    assert f"#{record.id} Trial in <#500>" in listed.last.content
    outsider = await invoke(cog.hand, cog, user(client, CAROL))
    assert "not playing" in outsider.last.content


async def test_resign(cog: Table, client: Any) -> None:
    record = await start_trial(cog, client)
    resigned = await invoke(cog.resign, cog, user(client, BOB))
    assert f"resigned from match #{record.id}" in resigned.last.content
    assert (await client.service.find(match_id=record.id)).status == "finished"


async def test_hand_button_and_action_buttons_play(client: Any, cog: Table) -> None:
    record = await start_trial(cog, client)
    clicked = user(client, ALICE)
    await HandButton(record.id).callback(clicked)
    view = clicked.last.view
    assert clicked.last.ephemeral and view is not None
    labels = [item.item.label for item in view.children]
    assert labels == ["bid 0", "bid 1", "bid 2"]
    press = user(client, ALICE)
    await view.children[2].callback(press)
    assert press.last.content == "Played `bid 2`."
    # The same button again is stale: the board moved on, so the player sees the current board.
    again = user(client, ALICE)
    await view.children[1].callback(again)
    assert "board changed" in again.last.content and again.last.ephemeral


async def test_custom_ids_round_trip_through_the_templates(client: Any) -> None:
    button = ActButton(12, 34, 5, "bid 1")
    found = ActButton.__discord_ui_compiled_template__.fullmatch(button.custom_id)
    assert found and (int(found["match"]), int(found["version"]), int(found["index"])) == (12, 34, 5)
    assert len(button.custom_id) <= 100
    rebuilt = await ActButton.from_custom_id(None, button.item, found)  # type: ignore[arg-type]
    assert (rebuilt.match_id, rebuilt.version, rebuilt.index, rebuilt.item.label) == (12, 34, 5, "bid 1")
    assert HandButton.__discord_ui_compiled_template__.fullmatch(HandButton(7).custom_id)
    menu = ActMenu(3, 4, [discord.SelectOption(label="x", value="0")])
    assert ActMenu.__discord_ui_compiled_template__.fullmatch(menu.custom_id)


async def test_many_legal_actions_become_a_menu(client: Any) -> None:
    from app.delivery import PrivatePost

    few = PrivatePost(1, 2, 3, 0, "t", [], None, legal=["a", "b"], your_move=True)
    many = PrivatePost(1, 2, 3, 0, "t", [], None, legal=[f"m{i}" for i in range(40)], your_move=True)
    idle = PrivatePost(1, 2, 3, 0, "t", [], None, legal=["a"], your_move=False)
    assert [type(c) for c in action_components(few).children] == [ActButton, ActButton]
    menu = action_components(many).children
    assert len(menu) == 1 and isinstance(menu[0], ActMenu) and len(menu[0].item.options) == 25
    assert action_components(idle) is None
    ended = board_components(1, finished=True)
    assert ended is not None and [type(c).__name__ for c in ended.children] == ["RematchButton"]


def test_board_text_keeps_the_status_when_a_turn_is_long() -> None:
    from app.delivery import BoardPost

    post = BoardPost(1, 2, 9, 500, "Trial · match #1", ["x" * 300] * 20, "Waiting on <@1>.", [1], None)
    text = board_text(post)
    assert len(text) <= 2000 and text.endswith("Waiting on <@1>.")


async def test_discord_delivery_reports_refused_dms() -> None:
    from app.delivery import PrivatePost

    class Refusing:
        async def send(self, **kwargs: Any) -> None:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(response, {"code": 50007, "message": "Cannot send messages to this user"})

    fake_client = SimpleNamespace(get_user=lambda _id: Refusing())
    delivery = DiscordDelivery(fake_client)  # type: ignore[arg-type]
    post = PrivatePost(1, 2, 3, 0, "t", ["hand"], None)
    assert await delivery.send_private(post) is False


async def test_unexpected_errors_say_nothing_changed(client: Any) -> None:
    interaction = user(client, ALICE)
    await report_error(interaction, RuntimeError("boom"))
    assert "Nothing was changed" in interaction.last.content and interaction.last.ephemeral


def test_trial_is_registered() -> None:
    assert TRIAL.name == "trial" and not TRIAL.offered


async def test_new_from_a_scenario_attachment_and_position_export(cog: Table, client: Any) -> None:
    puzzle = (Path(__file__).resolve().parents[1] / "scenarios/trial/demand_and_give.toml").read_text()
    opened = await invoke(cog.new, cog, user(client, ALICE), scenario=FakeAttachment(puzzle))
    assert "from the position file “puzzle.toml”" in opened.last.content
    await invoke(cog.join, cog, user(client, BOB))
    await invoke(cog.start, cog, user(client, ALICE))
    exported = await invoke(cog.position, cog, user(client, CAROL))
    assert exported.last.file.filename == "match-1.toml" and "scenario file" in exported.last.content
    binary = await invoke(cog.new, cog, user(client, ALICE, channel_id=501), scenario=FakeAttachment(""))
    assert binary.last.ephemeral
    big = FakeAttachment("x" * (65 * 1024))
    refused = await invoke(cog.new, cog, user(client, ALICE, channel_id=502), scenario=big)
    assert "at most 64 KB" in refused.last.content


def test_a_game_can_word_its_own_private_views() -> None:
    from app.delivery import PrivatePost
    from cogs.components import _PRESENTERS, present_private, register_private_presenter

    post = PrivatePost(1, 2, 3, 0, "t", ["hand"], None, legal=["a"], your_move=True, game="trial")
    text, view = present_private(post)
    assert "Legal now: `a`" in text and view is not None  # the generic wording and buttons
    register_private_presenter("trial", lambda p: f"custom {p.lines[0]}", lambda p: None)
    try:
        assert present_private(post) == ("custom hand", None)
    finally:
        del _PRESENTERS["trial"]


def test_the_bot_pings_nobody_unless_a_message_names_them(tmp_path: Path) -> None:
    from app.config import Config
    from cogs.client import ArbiterBot

    bot = ArbiterBot(Config(base_dir=tmp_path))
    assert bot.allowed_mentions is not None
    assert bot.allowed_mentions.to_dict() == {"parse": []}  # no @everyone, roles or users by default


PUZZLE = Path(__file__).resolve().parents[1] / "scenarios/trial/demand_and_give.toml"
WARNING = "this match starts from a position file that its creator wrote: they may know every hidden card"


async def test_a_match_from_a_scenario_file_warns_every_joiner_and_is_unrated(
    cog: Table, match: MatchCog, client: Any
) -> None:
    opened = await invoke(cog.new, cog, user(client, ALICE), scenario=FakeAttachment(PUZZLE.read_text()))
    assert WARNING in opened.last.content.lower() and "unrated" in opened.last.content
    assert opened.in_channel == [opened.last]  # the announcement, with its warning, is public
    joined = await invoke(cog.join, cog, user(client, BOB))
    assert WARNING in joined.last.content.lower() and "/trial leave" in joined.last.content
    record = await client.service.find(channel_id=500)
    assert record.rated is False and (await client.service.repo.get_match(record.id)).rated is False
    assert "Unrated" in str(client.service.status_line(record))  # the lobby line
    listed = await invoke(match.list_, match, user(client, CAROL))
    assert f"#{record.id} Trial in <#500> (unrated):" in listed.last.content


async def test_a_normal_match_is_rated_and_says_nothing_of_files(cog: Table, match: MatchCog, client: Any) -> None:
    opened = await invoke(cog.new, cog, user(client, ALICE))
    joined = await invoke(cog.join, cog, user(client, BOB))
    record = await client.service.find(channel_id=500)
    assert record.rated is True
    assert "position file" not in opened.last.content and "position file" not in joined.last.content
    listed = await invoke(match.list_, match, user(client, CAROL))
    assert "unrated" not in listed.last.content.lower()


HOSTILE = "[Verify here](https://evil.example/login) @everyone"


async def test_refusals_after_a_public_deferral_reach_only_their_user(cog: Table, client: Any) -> None:
    await invoke(cog.new, cog, user(client, ALICE))
    refused = await invoke(cog.join, cog, user(client, ALICE))
    assert refused.response.deferred_ephemeral is False  # a public command: its success is announced
    assert refused.placeholder_deleted and refused.in_channel == []
    assert refused.last.ephemeral and "already joined" in refused.last.content
    hostile = await invoke(cog.new, cog, user(client, CAROL, channel_id=501), options=HOSTILE)
    assert hostile.in_channel == [] and hostile.last.ephemeral
    assert live_masked_links(hostile.last.content) == [] and "@everyone" not in hostile.last.content
    assert hostile.last.allowed_mentions.to_dict() == {"parse": []}


async def test_a_hostile_filename_is_shown_as_plain_text_in_the_announcement(cog: Table, client: Any) -> None:
    attachment = FakeAttachment(PUZZLE.read_text(), filename=HOSTILE + ".toml" + "x" * 300)
    opened = await invoke(cog.new, cog, user(client, ALICE), scenario=attachment)
    public = opened.in_channel[0].content
    assert "\\[Verify here](" in public and live_masked_links(public) == []
    assert "@everyone" not in public and "x" * 100 not in public  # escaped, and clipped


async def test_an_option_that_is_not_a_pair_is_quoted_short_and_flat(cog: Table, client: Any) -> None:
    typed = "`x` " + HOSTILE + " " + "y" * 200
    refused = await invoke(cog.new, cog, user(client, ALICE), options=typed)
    assert refused.in_channel == [] and "key=value" in refused.last.content
    quoted = refused.last.content.split("commas; ", 1)[1]
    assert "`" not in quoted and "y" * 50 not in quoted and live_masked_links(quoted) == []


async def test_a_placeholder_that_cannot_be_deleted_is_completed_with_our_words(cog: Table, client: Any) -> None:
    class Undeletable(FakeInteraction):
        async def delete_original_response(self) -> None:
            raise discord.HTTPException(SimpleNamespace(status=500, reason="Server Error"), "try later")

    await invoke(cog.new, cog, user(client, ALICE))
    refused = await invoke(cog.join, cog, Undeletable(client=client, user_id=ALICE))
    assert [s.content for s in refused.in_channel] == ["Nothing was done."]
    assert refused.last.ephemeral and "already joined" in refused.last.content


async def test_a_move_whose_board_cannot_be_drawn_is_reported_played(cog: Table, client: Any) -> None:
    record = await start_trial(cog, client)

    class BrokenBoards(NoImages):
        def board(self, game: str, title: str, view: Any) -> bytes | None:
            raise RuntimeError("the renderer broke after the commit")

    client.service.renderer = BrokenBoards()
    moved = await invoke(cog.move, cog, user(client, ALICE), action="bid 1")
    assert moved.last.content == "Played `bid 1`."  # not "Nothing was changed": the move stands
    assert (await client.service.find(match_id=record.id)).version == record.version + 1
    assert client.delivery.boards[-1].version == record.version + 1  # posted without its image


def _closed_channel(code: int, granted: discord.Permissions | None) -> DiscordDelivery:
    """A Discord delivery whose channel refuses every send with `code`; `granted` is what the bot's cached
    permissions say there (None: nothing cached)."""

    class Closed:
        guild = SimpleNamespace(me=object() if granted is not None else None)

        def permissions_for(self, _member: object) -> discord.Permissions:
            assert granted is not None
            return granted

        async def send(self, **kwargs: Any) -> None:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(response, {"code": code, "message": "Missing Permissions"})

    return DiscordDelivery(SimpleNamespace(get_channel=lambda _id: Closed()))  # type: ignore[arg-type]


CLOSED_BOARD = BoardPost(1, 2, 9, 500, "Trial · match #1", ["x"], "Waiting on <@1>.", [1], None)


async def test_discord_delivery_names_the_missing_permission_of_a_closed_channel() -> None:
    granted = discord.Permissions(view_channel=True, send_messages=True, attach_files=False, embed_links=True)
    with pytest.raises(ChannelUnreachable) as caught:
        await _closed_channel(50013, granted).post_board(CLOSED_BOARD)
    assert caught.value.channel_id == 500 and caught.value.missing == ("Attach Files",)
    with pytest.raises(ChannelUnreachable) as caught:
        await _closed_channel(50001, None).post_board(CLOSED_BOARD)  # Missing Access, nothing cached
    assert caught.value.permission == "View Channel, Send Messages, Attach Files and Embed Links"
    with pytest.raises(discord.Forbidden):  # any other refusal stays what it is
        await _closed_channel(50007, None).post_board(CLOSED_BOARD)


async def test_seats_follow_the_joining_order_unless_the_creator_shuffles_them(cog: Table, client: Any) -> None:
    record = await start_trial(cog, client)
    assert (record.seat_of(ALICE), record.seat_of(BOB)) == (0, 1), "the creator is p1, the first to join p2"
    for channel in range(600, 620):  # some seed puts the creator second when shuffled
        await invoke(cog.new, cog, user(client, ALICE, channel_id=channel))
        await invoke(cog.join, cog, user(client, BOB, channel_id=channel))
        started = await invoke(cog.start, cog, user(client, ALICE, channel_id=channel), order="random")
        shuffled = await client.service.find(channel_id=channel)
        if shuffled.seat_of(ALICE) == 1:
            assert "has started: p1 <@2>, p2 <@1>." in started.last.content
            return
    pytest.fail("random seating never put the creator second")


async def test_a_position_file_opens_only_at_its_own_games_table(cog: Table, client: Any) -> None:
    engine.load_games()
    codex_file = 'game = "codex"\n[position.p1]\nhand = ["Spark"]\n'
    refused = await invoke(cog.new, cog, user(client, ALICE), scenario=FakeAttachment(codex_file))
    assert refused.in_channel == [] and refused.last.ephemeral
    assert "That position file is for Codex: Card-Time Strategy: open it with `/codex new scenario:`." in (
        refused.last.content
    )
    assert await client.service.matches(guild_id=9) == []


async def test_options_outside_the_games_declaration_are_refused_with_what_is_allowed(cog: Table, client: Any) -> None:
    unknown = await invoke(cog.new, cog, user(client, ALICE), options="speed=fast")
    assert "Trial has no option `speed`; its options are: rounds." in unknown.last.content
    outside = await invoke(cog.new, cog, user(client, ALICE), options="rounds=9")
    assert "Option `rounds` must be one of 1, 2, 3, 4, 5, 6; “9” is not one of them." in outside.last.content
    assert await client.service.matches(guild_id=9) == []
    helped = await invoke(cog.help, cog, user(client, ALICE), topic="rounds")
    assert "**rounds** (an option of `new`)" in helped.last.content and "(default 3)" in helped.last.content


async def test_new_can_seat_bots_that_then_play_their_own_moves(cog: Table, client: Any) -> None:
    BotSeats(client.service)
    refused = await invoke(cog.new, cog, user(client, ALICE), bots=5)
    assert "Trial seats at most 5 here, you included: at most 4 bots." in refused.last.content
    opened = await invoke(cog.new, cog, user(client, ALICE), bots=1, bot="greedy")
    assert "Bots take the next seats: Greedy bot 1 (a match with bots is unrated)." in opened.last.content
    assert "<@-" not in opened.last.content
    started = await invoke(cog.start, cog, user(client, ALICE))
    assert "has started: p1 <@1>, p2 Greedy bot 1." in started.last.content
    await invoke(cog.move, cog, user(client, ALICE), action="bid 1")
    record = await client.service.find(channel_id=500)
    assert record.rated is False
    assert any(e.user_id == bot_id(1, "greedy") for e in await client.service.log_entries(record.id))
