"""A test catalogue registered beside the real ones for one test (a locale the bot does not ship yet)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import engine.i18n as i18n


@contextmanager
def with_catalogue(folder: Path) -> Iterator[None]:
    """Register `folder` (one subfolder per locale, holding .ftl files) until the block ends. Only its own
    files leave afterwards: a package imported meanwhile keeps the catalogue it registered."""
    folder = folder.resolve()
    i18n.catalogue(folder)
    try:
        yield
    finally:
        i18n._folders[:] = [f for f in i18n._folders if f != folder]
        for locale in list(i18n._paths):
            kept = [
                (path, resource)
                for path, resource in zip(i18n._paths[locale], i18n._resources[locale], strict=True)
                if not path.is_relative_to(folder)
            ]
            if kept:
                i18n._paths[locale] = [path for path, _ in kept]
                i18n._resources[locale] = [resource for _, resource in kept]
            else:
                del i18n._paths[locale], i18n._resources[locale]
        i18n._bundles.clear()
