"""Set steps: a position table changed by a step's `set` and `add` tables, for any game.

The runner writes the state out as the game's own `[position]` table (as `scenario dump` does), changes it
here and reads it back. `set` replaces what it names; `add` adds numbers and puts items at the end of lists.
Tables go down into tables; a table where the position has a list changes the items it names, by label or
printed name (`set.in_play."Iron Man" = {exhausted = false}`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engine.i18n import t
from engine.scenario.errors import KeyPath, PositionError
from engine.scenario.expr import same, show

ITEM_KEYS = ("card", "label", "name")
"""What a table in a list is named by, first found first."""


def changed(position: Mapping[str, Any], changes: Mapping[str, Any], *, adding: bool) -> dict[str, Any]:
    """A copy of `position` with `changes` made; PositionError paths lead from the `set` (or `add`) table."""
    out = copy.deepcopy(dict(position))
    _into(out, changes, (), adding)
    return out


def _into(base: dict[str, Any], changes: Mapping[str, Any], path: KeyPath, adding: bool) -> None:
    for key, change in changes.items():
        at = (*path, key)
        here = base.get(key)
        if isinstance(change, Mapping):
            if isinstance(here, list):
                _items(here, change, at, adding)
            elif isinstance(here, dict):
                _into(here, change, at, adding)
            elif adding:
                base[key] = {}
                _into(base[key], change, at, adding)
            else:
                base[key] = copy.deepcopy(dict(change))
        elif adding:
            base[key] = _added(here, change, at)
        else:
            base[key] = copy.deepcopy(change)


def _added(here: Any, change: Any, at: KeyPath) -> Any:
    """`here` (what the position has, None when it leaves the key out) with `change` added."""
    number = isinstance(change, int | float) and not isinstance(change, bool)
    if number and (here is None or (isinstance(here, int | float) and not isinstance(here, bool))):
        return (here or 0) + change
    if isinstance(change, list) and (here is None or isinstance(here, list)):
        return [*(here or []), *copy.deepcopy(change)]
    if not number and not isinstance(change, list):
        raise PositionError(t("scenario-add-what", key=_dotted(at), found=show(change)), at)
    raise PositionError(t("scenario-add-onto", key=_dotted(at), found=show(change), there=show(here)), at)


def _items(items: list[Any], changes: Mapping[str, Any], path: KeyPath, adding: bool) -> None:
    """Change the items of a list that `changes` names, each by its label or printed name."""
    for name, change in changes.items():
        at = (*path, name)
        labels = [_item_name(item) for item in items]
        hits = [i for i, label in enumerate(labels) if label is not None and same(name, label)]
        shown = ", ".join(label for label in labels if label is not None) or str(t("scenario-nothing"))
        if not hits:
            raise PositionError(t("scenario-no-item", item=name, key=_dotted(path), items=shown), at)
        if len(hits) > 1:
            found = ", ".join(str(labels[i]) for i in hits)
            raise PositionError(t("scenario-item-ambiguous", item=name, key=_dotted(path), items=found), at)
        if not isinstance(change, Mapping):
            raise PositionError(t("scenario-item-table", item=name, key=_dotted(path)), at)
        item = items[hits[0]]
        if isinstance(item, str):
            item = items[hits[0]] = {ITEM_KEYS[0]: item}
        _into(item, change, at, adding)


def _item_name(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        return next((item[k] for k in ITEM_KEYS if isinstance(item.get(k), str)), None)
    return None


def _dotted(path: KeyPath) -> str:
    return ".".join(str(part) for part in path)


def new_key(position: Mapping[str, Any], path: KeyPath) -> tuple[str, list[str]] | None:
    """The first key along `path` that `position` does not have (dotted), with the keys it has there; None when
    every key is there. A refusal under a key a set step made up is likely a key the position keeps elsewhere."""
    here: Any = position
    for i, part in enumerate(path):
        if not isinstance(here, Mapping) or isinstance(part, int):
            return None
        if part not in here:
            return _dotted(path[: i + 1]), [str(k) for k in here]
        here = here[part]
    return None


def first_difference(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where two projections first differ (a readable path, and the values there), or None if they agree."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            found = first_difference(a.get(key), b.get(key), f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return None if a == b and type(a) is type(b) else (path, a, b)
