"""Events on top of the pure tournament core: settings, storage, matches in Discord threads, results taken
from finished matches, rounds paired as results come in, deadlines, organiser rulings and what players see.
See docs/tournaments.md ("Running an event")."""
