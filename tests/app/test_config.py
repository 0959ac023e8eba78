from __future__ import annotations

from pathlib import Path

import pytest

from app.config import DEFAULT_PATH, ConfigError, load_config
from app.errors import Refusal
from app.options import parse_options


def test_shipped_config_is_valid_and_complete() -> None:
    config = load_config(DEFAULT_PATH)
    assert config.render.theme == "dark"
    assert config.database_path.is_absolute()
    text = DEFAULT_PATH.read_text()
    for section in ("database", "logging", "render", "clocks", "discord", "play", "limits"):
        assert f"[{section}]" in text


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    config = load_config(tmp_path / "absent.toml")
    assert config.logging.level == "INFO"
    assert config.database_path == tmp_path / "data" / "arbiter.db"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[render]\ntheme = "pink"\n', "render.theme"),
        ("[database]\nbusy_timeout_ms = -1\n", "database.busy_timeout_ms"),
        ("[clocks]\nper_move_dayz = 2\n", "clocks.per_move_dayz"),
        ("[logging]\nlevel = 3\n", "logging.level"),
        ('[limits]\nper_user = "twenty a minute"\n', "limits.per_user"),
        ('[limits]\nper_channel = "0/minute"\n', "limits.per_channel"),
        ("[limits]\nrender_cache = 0\n", "limits.render_cache"),
    ],
)
def test_invalid_setting_names_the_key(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert f"`{key}`" in str(caught.value)
    assert str(path) in str(caught.value)


def test_broken_toml_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[render\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(path)


def test_parse_options() -> None:
    assert parse_options("") == {}
    assert parse_options("a=1, b=true c=fast mode=1-hero") == {"a": 1, "b": True, "c": "fast", "mode": "1-hero"}
    with pytest.raises(Refusal, match="key=value"):
        parse_options("nonsense")
    with pytest.raises(Refusal, match="twice"):
        parse_options("a=1 a=2")


def test_limits_are_read_from_their_section(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[limits]\nper_user = "5/minute"\nper_channel = "100/hour"\nrender_cache = 32\n')
    limits = load_config(path).limits
    assert (limits.per_user, limits.per_channel, limits.render_cache) == ("5/minute", "100/hour", 32)
    assert load_config(DEFAULT_PATH).limits == type(limits)(), "config.toml states the defaults"


def test_a_badly_written_rate_says_how_to_write_one(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[limits]\nper_user = "lots"\n')
    with pytest.raises(ConfigError, match='write a rate as "COUNT/PERIOD"'):
        load_config(path)
