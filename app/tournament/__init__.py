"""Tournaments, as a pure layer: no Discord, no database, no asyncio.

A tournament is its settings plus an append-only list of records (`model.py`). `state.py` folds the
records into the present state, `standings.py` ranks it, `actions.py` checks each organiser or player
action and returns the records to append, and one module per format decides pairings: `swiss.py`,
`strikes.py` (three strikes), `elimination.py` (brackets), `round_robin.py` and `pods.py` (multi-seat
tables). See docs/tournaments.md.
"""
