"""Event pictures: standings tables, brackets and rating charts, drawn from the real core's data."""

from __future__ import annotations

import io

from PIL import Image, ImageStat

from app.events import text
from app.pictures import PillowPictures
from app.tournament import actions
from app.tournament.model import Entrant, Format, Result, TournamentConfig
from app.tournament.state import TournamentState
from render.rating import draw_rating_chart
from render.theme import get_theme
from render.tournament import MAX_ROWS, TableRow, draw_bracket, draw_standings

THEME = get_theme("dark")


def event(format: Format, players: int) -> TournamentState:
    state = TournamentState(TournamentConfig(format, seed=3))
    for number in range(players):
        for record in actions.register(state, Entrant.solo(f"p{number}", f"Player {number}")):
            state.apply(record)
    for record in actions.pair_next_round(state):
        state.apply(record)
    return state


def ink(image: Image.Image) -> float:
    """How far the picture is from a blank background (0 for nothing drawn)."""
    return sum(ImageStat.Stat(image.convert("L")).stddev)


def test_the_standings_table_grows_with_the_field_and_stops_at_its_limit() -> None:
    header, rows = text.standings_table(event(Format.SWISS, 8))
    small = draw_standings("Cup", header, rows, THEME, "round 1 of 3")
    assert small.width >= 480 and ink(small) > 10
    many = [TableRow([str(i), f"Player {i}", "0", "0-0", "0", "0", "0", ""]) for i in range(200)]
    big = draw_standings("Cup", header, many, THEME)
    capped = draw_standings("Cup", header, many[: MAX_ROWS + 1], THEME)
    assert small.height < big.height == capped.height  # more than MAX_ROWS: cut, with "…and N more"


def test_a_muted_row_is_drawn_dimmer() -> None:
    header = ["#", "Player", "Pts"]
    bright = draw_standings("Cup", header, [TableRow(["1", "Ann", "3"])], THEME)
    dim = draw_standings("Cup", header, [TableRow(["1", "Ann", "3"], muted=True)], THEME)
    assert ImageStat.Stat(bright.convert("L")).sum[0] > ImageStat.Stat(dim.convert("L")).sum[0]


def test_brackets_draw_every_round_and_stage() -> None:
    single = event(Format.SINGLE_ELIMINATION, 8)
    for pairing in single.rounds[0].pairings:
        single.apply(actions.report(single, pairing.match_id, Result.win(2, 0))[0])
    columns = text.bracket_columns(single)
    assert [c.name for c in columns] == [r.name for r in single.rounds]
    assert columns[1].matches[0].feeds == ("R1-1", "R1-2")
    assert [c.matches[0].winner for c in columns[:1]] == [0]
    picture = draw_bracket("Cup", columns, THEME)
    assert picture.width > 3 * 230 and ink(picture) > 10
    double = event(Format.DOUBLE_ELIMINATION, 6)
    stages = {c.stage for c in text.bracket_columns(double)}
    assert stages == {"winners", "losers"}  # the final ends the winners' side
    assert draw_bracket("Cup", text.bracket_columns(double), THEME).height > picture.height


def test_the_rating_chart_draws_a_line_per_mode() -> None:
    chart = draw_rating_chart("Ann · Codex", {"1-hero": [1000, 1140, 1090, 1210], "2v2": [1000, 980]}, THEME)
    assert chart.size == (900, 440) and ink(chart) > 10
    empty = draw_rating_chart("Ann · Codex", {}, THEME)
    assert ink(empty) < ink(chart)


def test_the_picture_port_gives_png_bytes() -> None:
    pictures = PillowPictures("light")
    header, rows = text.standings_table(event(Format.THREE_STRIKES, 5))
    for data in (
        pictures.standings("Cup", header, rows),
        pictures.bracket("Cup", text.bracket_columns(event(Format.SINGLE_ELIMINATION, 4))),
        pictures.rating_chart("Ann", {"ffa": [1000, 1050]}),
    ):
        assert data is not None and Image.open(io.BytesIO(data)).format == "PNG"
    assert pictures.bracket("Cup", []) is None
