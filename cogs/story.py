"""A board's text laid out in Discord messages, never cut: what fits in the board message, the rest in a thread.

A turn's board message tells the whole turn (app: one message per turn, edited as it goes on). Discord takes
at most 2000 characters in a message; when the story is longer, the message keeps the title, the newest
lines that fit, a note saying how many earlier lines are in the thread, the clocks and the status (who is
to move), and the thread under the message holds the whole story in as many messages as it needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.bots import name_bots
from app.delivery import BoardPost
from engine.i18n import render, t

MESSAGE_LIMIT = 2000


@dataclass(frozen=True, slots=True)
class BoardText:
    content: str
    """The board message's text: at most MESSAGE_LIMIT characters."""
    story: list[str]
    """The whole story for the thread, in messages of at most MESSAGE_LIMIT characters; empty when
    everything is in `content`."""


def board_text(post: BoardPost, locale: str | None = None) -> BoardText:
    """The board post's text as its channel reads it in `locale`."""
    post = post.in_locale(locale)
    head = f"**{post.title}**"
    bullets = [name_bots(f"• {line}", locale) for line in post.lines]
    tail = [name_bots(str(line), locale) for line in (*post.clocks, post.status) if line]
    whole = "\n".join([name_bots(head, locale), *bullets, *tail])
    if len(whole) <= MESSAGE_LIMIT:
        return BoardText(whole, [])
    return BoardText(_with_newest(name_bots(head, locale), bullets, tail, locale), pack(bullets))


def _with_newest(head: str, bullets: list[str], tail: list[str], locale: str | None) -> str:
    """The head, a note on the lines left to the thread, the newest lines that fit, and the tail: the clocks
    and who is to move are never given up for the story."""

    def note(earlier: int) -> str:
        return render(t("cogs-story-in-thread", earlier=earlier), locale)

    fixed = len(head) + sum(len(line) + 1 for line in tail) + len(note(len(bullets))) + 1
    room = MESSAGE_LIMIT - fixed
    kept: list[str] = []
    for line in reversed(bullets):
        if len(line) + 1 > room:
            break
        kept.insert(0, line)
        room -= len(line) + 1
    text = "\n".join([head, note(len(bullets) - len(kept)), *kept, *tail])
    return text[:MESSAGE_LIMIT]  # only a clock or status line over the limit by itself could reach here


def pack(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """`lines` in as few messages of at most `limit` characters as they fill, in order; a line longer than a
    message is split across messages rather than cut."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        pieces = [line[i : i + limit] for i in range(0, len(line), limit)] or [""]
        for piece in pieces:
            candidate = f"{current}\n{piece}" if current else piece
            if len(candidate) <= limit:
                current = candidate
            else:
                chunks.append(current)
                current = piece
    if current:
        chunks.append(current)
    return chunks
