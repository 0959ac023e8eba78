"""The images drawn lately, so that each board (and each seat's private view) is drawn once per position.

Keys name everything an image depends on: the match, its version and, for a private view, the seat.
A position never changes under its version, so a remembered image is never out of date; and a private
view's key holds its seat, so one seat's image can never be handed to another.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import partial

Image = bytes | None
Draw = Callable[[], Image]


class RenderCache:
    """An LRU of drawn images. A request that arrives while its image is being drawn waits for that
    drawing instead of starting another, so a burst of requests costs one drawing."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._images: OrderedDict[Hashable, Image] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[Image]] = {}

    async def image(self, key: Hashable, draw: Draw) -> Image:
        """The image under `key`, drawn by `draw` in a worker thread when it is not remembered."""
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key]
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(asyncio.to_thread(draw))
            self._drawing[key] = drawing
            drawing.add_done_callback(partial(self._drawn, key))
        # Shielded: one asker giving up (a cancelled interaction) does not stop the drawing others wait for.
        return await asyncio.shield(drawing)

    def _drawn(self, key: Hashable, drawing: asyncio.Future[Image]) -> None:
        self._drawing.pop(key, None)
        if drawing.cancelled() or drawing.exception() is not None:
            return  # nothing is remembered: the next request draws again (and the askers got the error)
        self._images[key] = drawing.result()
        self._images.move_to_end(key)
        while len(self._images) > self.size:
            self._images.popitem(last=False)
