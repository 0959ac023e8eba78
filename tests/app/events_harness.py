"""Running events through the real services on SQLite, with the recording delivery and random play."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from app.events.service import Actor, TournamentService
from app.rating_service import RatingService
from app.service import MatchService
from app.tournament import actions
from app.tournament.model import RoundPaired
from app.tournament.state import TournamentState
from db.ratings import SqliteRatings
from db.tournaments import SqliteTournaments
from tests.app.test_service import open_service, play_random
from tests.fakes import FakeClock, RecordingDelivery

GUILD = 9
HALL = 600
"""The channel events are created in; match threads open under it."""
ORGANISER = Actor(100, "Olga")


def player(number: int) -> Actor:
    return Actor(100 + number, f"player{number:02d}")


@dataclass
class Stack:
    matches: MatchService
    events: TournamentService
    ratings: RatingService
    delivery: RecordingDelivery

    async def close(self) -> None:
        await self.events.close()
        await self.matches.repo.close()


async def open_stack(path: Path, delivery: RecordingDelivery, clock: FakeClock, seed: int = 5) -> Stack:
    matches = await open_service(path, delivery, clock)
    ratings = RatingService(SqliteRatings(matches.repo))
    events = TournamentService(matches, SqliteTournaments(matches.repo), ratings, seed_source=random.Random(seed))
    matches.after_finish.append(ratings.on_finish)
    matches.after_finish.append(events.on_match_finished)
    return Stack(matches, events, ratings, delivery)


async def live_matches(stack: Stack, event_id: int) -> list[int]:
    """Ids of the event's matches being played now."""
    found = []
    for link in await stack.events.store.event_matches(event_id):
        if link.match_id is not None and (await stack.matches.find(match_id=link.match_id)).status == "active":
            found.append(link.match_id)
    return found


async def play_some(stack: Stack, event_id: int, rng: random.Random, limit: int | None = None) -> int:
    """Play the live matches of the event to their end with random legal moves (at most `limit`)."""
    played = 0
    for match_id in await live_matches(stack, event_id):
        if limit is not None and played >= limit:
            break
        await play_random(stack.matches, match_id, rng)
        played += 1
        await stack.events.settle()
    return played


def replay_pairings(state: TournamentState) -> TournamentState:
    """Fold the event's history again through the pure core, recomputing every pairing from the state
    before it; a pairing the core would not make (or one made twice) fails here."""
    pure = TournamentState(state.config)
    for record in state.records:
        if isinstance(record, RoundPaired):
            assert record.round == len(pure.rounds) + 1, f"round {record.round} was paired twice"
            assert actions.pair_next_round(pure) == [record], f"round {record.round} is not what the core pairs"
        pure.apply(record)
    return pure
