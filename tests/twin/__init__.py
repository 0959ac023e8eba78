"""An in-memory fake of Discord's REST API and gateway for end-to-end bot tests.

See :mod:`tests.twin.server` for :class:`DiscordTwin` and :mod:`tests.twin.patch` for
pointing discord.py at it.
"""
