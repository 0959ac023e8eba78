"""The terminal table: the same service and SQLite, hot-seat input, boards written to a folder."""

from __future__ import annotations

import io
import random
from pathlib import Path

from app.local import TerminalDelivery, play_local
from app.rendering import PillowRenderer
from app.service import MatchService
from db.sqlite import SqliteStore
from tests.fixtures.trial_game import TRIAL


async def run_table(
    tmp_path: Path, lines: list[str], players: int = 2, *, fresh: bool = False, keep: int = 50
) -> tuple[int, str, MatchService]:
    out = io.StringIO()
    delivery = TerminalDelivery(out, tmp_path, keep=keep)
    store = await SqliteStore.open(tmp_path / "match.db")
    service = MatchService(store, delivery, PillowRenderer(), seed_source=random.Random(0), allow_unoffered_games=True)
    feed = iter(lines)

    async def read_line(prompt: str) -> str | None:
        out.write(prompt)
        return next(feed, None)

    status = await play_local(service, delivery, TRIAL.name, players=players, seed=3, read_line=read_line, fresh=fresh)
    return status, out.getvalue(), service


async def test_commands_refusals_and_saved_boards(tmp_path: Path) -> None:
    status, text, service = await run_table(
        tmp_path,
        [
            "help",
            "\x1b[4~",
            "  \x1b[A ",
            "bid 1",
            "moves",
            "p1 bid 1",
            "moves p2",
            "hand p2",
            "p2 bid 0",
            "p9 pass",
            "history",
            "quit",
        ],
    )
    try:
        assert status == 0
        assert "Commands:" in text
        assert "Several players owe a move" in text  # both bid at once, so the seat must be named
        assert "Legal for p1: bid 0; bid 1; bid 2" in text  # `moves` alone lists every waiting player's
        assert "p1 played: bid 1" in text and "p2 played: bid 0" in text
        assert "Legal for p2: bid 0; bid 1; bid 2" in text
        assert "Your hand:" in text  # only because p2 asked for it
        assert "There is no player 9" in text
        # Only `bid 1` was refused for naming no seat: keys like End or an arrow are not read as moves.
        assert text.count("Several players owe a move") == 1
        assert "The match began" in text
        assert "<@" not in text  # mentions read as seat names at a local table
        boards = sorted(tmp_path.glob("board-*.png"))
        assert boards and boards[0].read_bytes().startswith(b"\x89PNG")
        assert list(tmp_path.glob("private-p2-*.png"))
        record = await service.find(channel_id=1)
        assert record.status == "active"  # quitting keeps the match saved
    finally:
        await service.repo.close()


async def test_a_refused_move_says_why(tmp_path: Path) -> None:
    """A move that names a real action not legal now is refused with the reason, then what is legal."""
    status, text, service = await run_table(tmp_path, ["p1 bid 3", "p1 play 1", "quit"])
    try:
        assert status == 0
        assert "Refused: `bid 3` is not a legal action now: a bid is 0 to 2 cards. Did you mean `bid 2`?" in text
        assert "Refused: `play 1` is not a legal action now: everyone bids before anyone plays." in text
    finally:
        await service.repo.close()


def whole_match_script() -> list[str]:
    rng = random.Random(5)
    script: list[str] = []
    # Build the moves from the engine so the script stays valid whatever the deal.
    state = TRIAL.setup(2, {}, 3)
    for _ in range(500):
        waiting = sorted(TRIAL.to_move(state))
        if not waiting:
            break
        seat = rng.choice(waiting)
        action = rng.choice(TRIAL.legal_actions(state, seat))
        script.append(f"p{seat + 1} {TRIAL.describe_action(state, seat, action)}")
        state = TRIAL.apply(state, seat, action).state
    return script


async def test_a_whole_match_at_the_keyboard(tmp_path: Path) -> None:
    status, text, service = await run_table(tmp_path, whole_match_script())
    try:
        assert status == 0
        assert "Game over" in text
        assert (await service.find(match_id=1)).status == "finished"
    finally:
        await service.repo.close()


async def test_player_count_outside_the_game_is_refused(tmp_path: Path) -> None:
    status, text, service = await run_table(tmp_path, [], players=9)
    try:
        assert status == 2 and "takes 2–5 players" in text
    finally:
        await service.repo.close()


async def test_quit_then_play_again_resumes_the_same_match_where_it_stood(tmp_path: Path) -> None:
    status, text, service = await run_table(tmp_path, ["p1 bid 1", "quit"])
    try:
        assert status == 0 and "the match is saved; `python bot.py play trial` resumes it" in text
        before = await service.find(match_id=1)
    finally:
        await service.repo.close()

    status, text, service = await run_table(tmp_path, ["p2 bid 0", "quit"])
    try:
        assert status == 0
        assert f"Resuming match #1 from {before.created_at[:10]}, p2 to move; `--new` starts a fresh one" in text
        assert "[board image:" in text.split("Resuming", 1)[1]  # the board is shown again at once
        # p1's bid from the first sitting still stands: only p2 had to move, and could.
        assert "p2 played: bid 0" in text and "Refused" not in text
        after = await service.find(match_id=1)
        assert after.version == before.version + 1 and after.status == "active"
        assert await service.repo.get_match(2) is None  # no second match was opened
    finally:
        await service.repo.close()


async def test_new_sets_the_unfinished_match_aside_and_starts_fresh(tmp_path: Path) -> None:
    status, _, service = await run_table(tmp_path, ["p1 bid 1", "quit"])
    await service.repo.close()

    status, text, service = await run_table(tmp_path, ["p1 bid 2", "quit"], fresh=True)
    try:
        assert status == 0
        assert "Resuming" not in text
        assert "Match #1 was left unfinished; it is set aside." in text
        assert "p1 played: bid 2" in text  # p1 may bid again: a new match, not the old position
        assert (await service.find(match_id=1)).status == "aborted"
        assert (await service.find(match_id=2)).status == "active"
    finally:
        await service.repo.close()


async def test_only_the_newest_board_images_are_kept(tmp_path: Path) -> None:
    status, text, service = await run_table(tmp_path, [*whole_match_script()[:12], "hand p1", "quit"], keep=3)
    try:
        assert status == 0
        assert text.count("[board image:") > 3
        images = sorted(tmp_path.glob("*.png"))
        assert len(images) == 3
        # The private view asked for last is among the newest three, with the two newest boards.
        assert len([p for p in images if p.name.startswith("private-p1-")]) == 1
        newest = (await service.find(match_id=1)).version
        assert sorted(int(p.stem.rsplit("-v", 1)[1]) for p in images if p.name.startswith("board-"))[-1] == newest
    finally:
        await service.repo.close()
