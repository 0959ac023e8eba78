"""Settings from config.toml, validated, with one clear error naming the key that is wrong."""

from __future__ import annotations

import os
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "config.toml"


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DatabaseConfig(_Section):
    path: Path = Path("data/arbiter.db")
    busy_timeout_ms: int = Field(5000, ge=0, le=600_000)


class LoggingConfig(_Section):
    level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"


class RenderConfig(_Section):
    theme: Literal["dark", "light"] = "dark"


class GameClockConfig(_Section):
    """A game's own clock defaults; any key left out falls back to [clocks]."""

    default: Literal["none", "per_move", "total"] | None = None
    per_move_days: float | None = Field(None, gt=0, le=365)
    bank_cap_days: float | None = Field(None, gt=0, le=365)
    total_days: float | None = Field(None, gt=0, le=3650)
    on_timeout: Literal["claim", "auto"] | None = None


class ClockConfig(_Section):
    default: Literal["none", "per_move", "total"] = "none"
    per_move_days: float = Field(3, gt=0, le=365)
    bank_cap_days: float = Field(7, gt=0, le=365)
    total_days: float = Field(30, gt=0, le=3650)
    on_timeout: Literal["claim", "auto"] = "claim"
    reminders: list[str] = ["50%", "1h"]
    sweep_seconds: float = Field(60, ge=1, le=3600)
    vacation_days_per_year: float = Field(30, ge=0, le=365)
    games: dict[str, GameClockConfig] = {}

    @field_validator("reminders")
    @classmethod
    def _reminder_points(cls, points: list[str]) -> list[str]:
        from app.clocks import ReminderPoint

        for point in points:
            ReminderPoint.parse(point)
        return points


class LobbyConfig(_Section):
    """Limits on open tables (#14): one user must not squat every channel of a server."""

    max_per_user: int = Field(3, ge=1, le=1000)
    max_per_server: int = Field(25, ge=1, le=100_000)
    expire_hours: float = Field(24, gt=0, le=24 * 365)

    @property
    def idle_limit(self) -> timedelta:
        """How long a lobby may go without a join, leave or choice before it expires."""
        return timedelta(hours=self.expire_hours)


class DiscordConfig(_Section):
    dev_guild_id: int = Field(0, ge=0)
    guild_ready_timeout: float = Field(2.0, ge=0, le=60)


class TournamentsConfig(_Section):
    """Events (#18): who may run them, and how fast their threads open."""

    organiser_role: str = Field("", max_length=100)
    """Members with a role of this name organise every event of the server (with the creator and Manage Server)."""
    threads_per_minute: float = Field(20, gt=0, le=600)
    sweep_seconds: float = Field(60, ge=1, le=3600)


class RatingsConfig(_Section):
    provisional_matches: int = Field(5, ge=0, le=100)


class PlayConfig(_Section):
    boards_dir: Path = Path("boards")
    keep_boards: int = Field(50, ge=1, le=100_000)


class BackupConfig(_Section):
    every_hours: float = Field(0, ge=0, le=24 * 365)
    keep: int = Field(7, ge=1, le=10_000)
    dir: Path = Path("backups")

    @field_validator("every_hours")
    @classmethod
    def _off_or_at_least_a_minute(cls, hours: float) -> float:
        # Backups are named to the second: closer together they would overwrite each other.
        if 0 < hours < 1 / 60:
            raise ValueError("use 0 to turn timed backups off, or at least 0.017 (one minute)")
        return hours


class LimitsConfig(_Section):
    """How much heavy work (drawing boards, replays, exports) people may ask for; moves are never limited."""

    per_user: str = "20/minute"
    per_channel: str = "30/minute"
    """Shared by everyone in a match's channel who is not one of its players."""
    render_cache: int = Field(256, ge=1, le=100_000)
    """Boards and private views kept once drawn, so each position is drawn once."""

    @field_validator("per_user", "per_channel")
    @classmethod
    def _rate(cls, text: str) -> str:
        from app.limits import parse_rate

        parse_rate(text)
        return text


class I18nConfig(_Section):
    """Which locale a channel's posts are written in (boards, notices), where no interaction says whose
    eyes read them. A reply to a command is always in the asker's own Discord language (docs/i18n.md)."""

    default: str = "en"
    servers: dict[int, str] = {}
    """Guild id -> locale, for servers whose channels read another language than `default`."""

    @field_validator("default")
    @classmethod
    def _one_locale(cls, locale: str) -> str:
        return _locale(locale)

    @field_validator("servers")
    @classmethod
    def _locales(cls, servers: dict[int, str]) -> dict[int, str]:
        return {guild: _locale(locale) for guild, locale in servers.items()}

    def for_server(self, guild_id: int | None) -> str:
        """The locale of a server's channels; `default` for a server not listed (or no server: a DM)."""
        return self.servers.get(guild_id, self.default) if guild_id is not None else self.default


def _locale(text: str) -> str:
    from engine.i18n import LOCALE

    if not LOCALE.match(text):
        raise ValueError('a locale is a language code, optionally with a region: "en", "ru", "pt-BR"')
    return text


class Config(_Section):
    database: DatabaseConfig = DatabaseConfig()
    logging: LoggingConfig = LoggingConfig()
    render: RenderConfig = RenderConfig()
    clocks: ClockConfig = ClockConfig()
    lobbies: LobbyConfig = LobbyConfig()
    discord: DiscordConfig = DiscordConfig()
    tournaments: TournamentsConfig = TournamentsConfig()
    ratings: RatingsConfig = RatingsConfig()
    play: PlayConfig = PlayConfig()
    limits: LimitsConfig = LimitsConfig()
    backup: BackupConfig = BackupConfig()
    i18n: I18nConfig = I18nConfig()
    base_dir: Path = Path(".")
    """Folder relative paths are resolved against (the config file's folder)."""

    @property
    def database_path(self) -> Path:
        return self.resolve(self.database.path)

    def resolve(self, path: Path) -> Path:
        return path if path.is_absolute() else self.base_dir / path


class ConfigError(Exception):
    """An invalid setting. The message names the file, the key and what is expected."""


def load_config(path: Path | None = None) -> Config:
    path = path or Path(os.environ.get("ARBITER_CONFIG", DEFAULT_PATH))
    if not path.exists():
        return Config(base_dir=path.parent)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: not valid TOML: {e}") from None
    try:
        return Config.model_validate({**data, "base_dir": path.parent})
    except ValidationError as e:
        first = e.errors()[0]
        key = ".".join(str(p) for p in first["loc"])
        got = first.get("input")
        reason = first["msg"]
        if first["type"] == "extra_forbidden":
            reason = "unknown setting (check the spelling against config.toml's comments)"
        raise ConfigError(f"{path}: setting `{key}` is invalid: {reason} (got {got!r})") from None


def discord_token() -> str | None:
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    return token or None
