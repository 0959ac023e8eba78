"""What an event looks like to people: standings, pairings and brackets as text and as picture data,
and the export of every pairing and result (CSV and JSON). Pure functions of the folded state.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.tournament import elimination
from app.tournament.model import BRACKETS, Format, Seat, WinnerOf
from app.tournament.standings import Standing, standings
from app.tournament.state import PENDING, TournamentState, seat_source, versus
from db.tournaments import EventMatch, StoredRecord, TournamentRow
from engine.i18n import Text, english, joined, t
from render.tournament import BracketColumn, BracketMatch, TableRow

TEXT_ROWS = 24
"""Standings rows shown in a message; the picture and the export hold everyone."""
ROUND_LINES = 20
"""Pairings listed in a round's announcement; `/tournament pairings` lists them all."""
NAME_WIDTH = 18
MESSAGE_LIMIT = 2000
NUMBERED_ROUND = re.compile(r"^(Round|Winners round|Losers round) (\d+)$")
NUMBERED_KINDS = {"Round": "round", "Winners round": "winners", "Losers round": "losers"}
FINALS = {
    "Final": "final",
    "Semi-finals": "semi",
    "Quarter-finals": "quarter",
    "Winners final": "winners",
    "Losers final": "losers",
    "Grand final": "grand",
    "Grand final reset": "reset",
}
"""The names the history keeps for rounds (app/tournament gives them), each read through the catalogue."""


def clip(message: str) -> str:
    """A message cut to what Discord accepts."""
    return message if len(message) <= MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 1] + "…"


def mention(entrant: str) -> str:
    return f"<@{entrant}>" if entrant.isdigit() else entrant


def percent(value: float) -> str:
    return f"{100 * value:.1f}"


def points(value: float) -> str:
    return f"{value:g}"


def _status(row: Standing) -> str:
    if row.status == "eliminated":
        return english(t("app-event-status-out", round=row.eliminated_in or 0))
    if row.status in ("dropped", "disqualified"):
        return english(t("app-event-status", status=row.status))
    return ""


def standings_table(state: TournamentState) -> tuple[list[str], list[TableRow]]:
    """The header and one row per entrant, best first, for the picture and the text. Like the picture,
    the monospace table is laid out once, in English: its column widths follow its words."""
    fmt = state.config.format
    rows: list[TableRow] = []
    player = english(t("app-event-column", column="player"))
    if fmt is Format.THREE_STRIKES:
        header = ["#", player, english(t("app-event-column", column="strikes")), "W-L-D", "Pts", "OMW%", ""]
    elif fmt in BRACKETS:
        header = [english(t("app-event-column", column="place")), player, "W-L", ""]
    else:
        header = ["#", player, "Pts", "W-L-D", "OMW%", "GW%", "OGW%", ""]
    for row in standings(state):
        name = state.name(row.entrant)
        if fmt is Format.THREE_STRIKES:
            cells = [str(row.rank), name, str(row.losses), row.record, points(row.points), percent(row.opp_match_win)]
        elif fmt in BRACKETS:
            cells = [str(row.rank), name, row.record]
        else:
            cells = [
                str(row.rank),
                name,
                points(row.points),
                row.record,
                percent(row.opp_match_win),
                percent(row.game_win),
                percent(row.opp_game_win),
            ]
        rows.append(TableRow([*cells, _status(row)], muted=row.status != "active"))
    return header, rows


def standings_text(state: TournamentState, limit: int = TEXT_ROWS) -> Text:
    """A monospace table for a message (at most `limit` rows)."""
    header, rows = standings_table(state)
    if not rows:
        return t("app-event-nobody-entered")
    shown = rows[:limit]
    widths = [max(len(header[i]), *(len(_clip(r.cells[i], i)) for r in shown)) for i in range(len(header))]
    lines = [_line(header, widths), *(_line(r.cells, widths) for r in shown)]
    more = t("app-event-more-standings", more=len(rows) - limit) if len(rows) > limit else ""
    return joined(["```\n" + "\n".join(lines) + "\n```", more])


def _clip(cell: str, column: int) -> str:
    if column == 1 and len(cell) > NAME_WIDTH:
        return cell[: NAME_WIDTH - 1] + "…"
    return cell.replace("`", "'")


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    parts = [
        _clip(cell, i).ljust(widths[i]) if i == 1 else _clip(cell, i).rjust(widths[i]) for i, cell in enumerate(cells)
    ]
    return "  ".join(parts).rstrip()


def seat_name(state: TournamentState, seat: Seat, *, ping: bool = False) -> Text:
    resolved = state.resolve(seat)
    if isinstance(resolved, str):
        return mention(resolved) if ping else state.name(resolved)
    if resolved is None or isinstance(seat, str):
        return t("app-tournament-nobody")
    return seat_source(seat)


def match_line(state: TournamentState, match_id: str, threads: Mapping[str, int], *, ping: bool = False) -> Text:
    """ "r2m1: Ann vs Bob, Ann won" (or where it is being played, or that it waits)."""
    pairing = state.matches[match_id].pairing
    names = versus([seat_name(state, seat, ping=ping) for seat in pairing.seats])
    if pairing.is_bye:
        return t("app-event-line-bye", match=match_id, players=names)
    decision = state.decision(match_id)
    if decision is PENDING:
        if match_id in threads:
            return t("app-event-line-playing-in", match=match_id, players=names, thread=str(threads[match_id]))
        return t("app-event-line-playing", match=match_id, players=names)
    if decision.kind == "void":
        return t("app-event-line-void", match=match_id, players=names)
    if decision.kind == "walkover":
        return t("app-event-line-walkover", match=match_id, players=names, winner=state.name(decision.winner or ""))
    return t(
        "app-event-line", match=match_id, players=names, outcome=_outcome(state, decision.entrants, decision.result)
    )


def _outcome(state: TournamentState, entrants: Sequence[str | None], result: Any) -> Text:
    if result is None:
        return t("app-event-settled")
    reason = result.reason.value
    if reason in ("draw", "double_loss"):
        return t("app-event-tied", reason=reason)
    winner = result.winner_index()
    if winner is not None and len(entrants) == 2:
        return t("app-event-won", winner=state.name(entrants[winner] or ""), how=reason)
    order = sorted(range(len(entrants)), key=lambda seat: result.placements[seat])
    places = joined(
        [t("app-event-place", place=result.placements[s], name=state.name(entrants[s] or "")) for s in order], ", "
    )
    return t("app-event-places", places=places, how=reason)


def round_lines(state: TournamentState, number: int, threads: Mapping[str, int], *, ping: bool = False) -> list[Text]:
    paired = state.rounds[number - 1]
    return [match_line(state, p.match_id, threads, ping=ping) for p in paired.pairings]


def round_title(state: TournamentState, number: int) -> Text:
    paired = state.rounds[number - 1]
    return round_name(paired.name, number)


def round_name(name: str, number: int) -> Text:
    """A round as people read it. The history keeps each round's English name (see FINALS); the words
    come from the catalogue, and a name of no known shape is shown as it is."""
    numbered = NUMBERED_ROUND.match(name or f"Round {number}")
    if numbered:
        return t("app-event-round", kind=NUMBERED_KINDS[numbered[1]], number=int(numbered[2]))
    if name in FINALS:
        return t("app-event-final", kind=FINALS[name])
    return name


# ---------------------------------------------------------------------------------------------- brackets


def bracket_columns(state: TournamentState) -> list[BracketColumn]:
    columns = []
    for paired in state.rounds:
        matches = []
        for pairing in paired.pairings:
            decision = state.decision(pairing.match_id)
            winner = None
            if decision is not PENDING and decision.winner is not None:
                resolved = [state.resolve(seat) for seat in pairing.seats]
                winner = resolved.index(decision.winner) if decision.winner in resolved else None
            # The picture is drawn once for every reader: its words are English.
            names = [english(seat_name(state, seat)) for seat in pairing.seats]
            matches.append(
                BracketMatch(
                    pairing.match_id,
                    names + ([english(t("app-event-bye"))] if pairing.is_bye else []),
                    winner,
                    tuple(seat.match_id for seat in pairing.seats if isinstance(seat, WinnerOf)),
                )
            )
        # The final sits at the end of the winners' side, where its lines come from.
        band = "winners" if paired.stage in ("", "final") else paired.stage
        columns.append(BracketColumn(english(round_name(paired.name, paired.round)), band, matches))
    return columns


def bracket_text(state: TournamentState, threads: Mapping[str, int]) -> Text:
    parts: list[Text] = []
    for paired in state.rounds:
        parts.append(t("app-event-round-heading", round=round_name(paired.name, paired.round)))
        parts += [match_line(state, p.match_id, threads) for p in paired.pairings]
    champion = [e for e, place in elimination.placements(state).items() if place == 1] if state.rounds else []
    if champion and not state.unfinished():
        parts.append(t("app-event-champion", champion=state.name(champion[0])))
    return joined(parts)


# ---------------------------------------------------------------------------------------------- export

EXPORT_FIELDS = [
    "round",
    "pairing",
    "seat",
    "entrant_id",
    "entrant",
    "place",
    "reason",
    "settled",
    "match_id",
    "thread_id",
]


def export_rows(state: TournamentState, played: Mapping[str, EventMatch]) -> list[dict[str, Any]]:
    """One row per seat of every pairing of the effective rounds."""
    rows = []
    for paired in state.rounds:
        for pairing in paired.pairings:
            decision = state.decision(pairing.match_id)
            result = state.results.get(pairing.match_id)
            link = played.get(pairing.match_id)
            for index, seat in enumerate(pairing.seats):
                resolved = state.resolve(seat)
                entrant = resolved if isinstance(resolved, str) else ""
                rows.append(
                    {
                        "round": paired.round,
                        "pairing": pairing.match_id,
                        "seat": index + 1,
                        "entrant_id": entrant,
                        "entrant": state.name(entrant) if entrant else english(seat_name(state, seat)),
                        "place": result.placements[index] if result is not None and not pairing.is_bye else "",
                        "reason": result.reason.value if result is not None else "",
                        "settled": "pending" if decision is PENDING else decision.kind,
                        "match_id": link.match_id if link and link.match_id else "",
                        "thread_id": link.thread_id if link and link.thread_id else "",
                    }
                )
    return rows


def export_csv(state: TournamentState, played: Mapping[str, EventMatch]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, EXPORT_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(export_rows(state, played))
    return out.getvalue()


def export_json(
    row: TournamentRow, state: TournamentState, history: Sequence[StoredRecord], played: Mapping[str, EventMatch]
) -> str:
    data = {
        "event": {
            "id": row.id,
            "name": row.name,
            "game": row.game,
            "status": row.status,
            "created_at": row.created_at,
            "settings": row.settings,
            "config": row.config,
        },
        "entrants": [entrant.to_json() for entrant in state.entrants.values()],
        "standings": [
            {"rank": s.rank, "entrant_id": s.entrant, "points": s.points, "record": s.record, "status": s.status}
            for s in standings(state)
        ],
        "pairings": export_rows(state, played),
        "history": [{"seq": r.seq, "at": r.at, "by": r.user_id, **r.data} for r in history],
    }
    return json.dumps(data, indent=1, sort_keys=False)
