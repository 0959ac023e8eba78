"""Per-game cogs. Each module is a discord.py extension with `async def setup(bot)`; all are loaded."""
