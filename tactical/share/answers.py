"""A phone's choices and rolls on their way to the GM's app, each answered once (issue 31).

A page keeps a choice it could not send (the Wi-Fi dropped) and sends it again,
under the same id, once it is back. :class:`Answers` remembers the last
:attr:`tactical.share.limits.Limits.answers_kept` ids per link: a frame whose id
it knows is not tried again, it gets the answer the first one got (or will get,
when that one is still being tried).

Before the GM's app sees a frame, the link is read again (the GM may have
changed what it may do since the page was drawn): a frame the link may not send
now is refused here, in fixed words.

asyncio is imported when a frame comes: the GM's window imports this module's words as it
opens (:mod:`tactical.app.players.phones.hands`), long before any phone is shared.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactical.share.frames import HandFrame
from tactical.share.hand_view import not_allowed
from tactical.share.links import Link

if TYPE_CHECKING:
    import asyncio

HandHandler = Callable[[Link, HandFrame], str | None]
"""Makes a phone's choice or roll (in a worker thread); None when made, else why not, in
words that link may see."""

WATCH_ONLY = "This link only watches."
FAILED = "That could not be entered."
"""What a phone reads when entering its frame failed on the GM's side (the GM's log has why)."""
NOT_NOW = "Nothing is asked of this phone now."


def refusal(link: Link | None, frame: HandFrame) -> str | None:
    """Why ``link`` (read again now) may not send ``frame``; None when it may (the GM's app
    checks it again, with the ask it answers: :func:`tactical.share.hand_view.answer_from_link`)."""
    if link is None or link.kind != "character":
        return WATCH_ONLY
    return not_allowed(link.permissions(), frame.kind == "roll")


class Answers:
    """Each link's answers by the page's ids (see the module's docstring); server thread only."""

    def __init__(self, kept: int = 64) -> None:
        self.kept = kept
        self._answers: dict[str, OrderedDict[str, asyncio.Future[dict[str, Any]]]] = {}
        self.tried = 0
        """Frames handed to the GM's app (a resent one is not: tests read it)."""

    async def answer(
        self, link: Link, current: Link | None, frame: HandFrame, handler: HandHandler | None
    ) -> dict[str, Any]:
        """The reply to ``frame``: the one it got before when its id is known, else tried now."""
        import asyncio

        known = self._answers.setdefault(link.token, OrderedDict())
        earlier = known.get(frame.nonce)
        if earlier is not None:
            return await asyncio.shield(earlier)
        work = asyncio.ensure_future(self._reply(current, frame, handler))
        known[frame.nonce] = work  # tried apart from this connection: a drop does not stop it
        while len(known) > self.kept:
            known.popitem(last=False)
        return await asyncio.shield(work)

    async def _reply(
        self, current: Link | None, frame: HandFrame, handler: HandHandler | None
    ) -> dict[str, Any]:
        reason = refusal(current, frame)
        if reason is None and (handler is None or current is None):
            reason = NOT_NOW
        if reason is None and current is not None:
            self.tried += 1
            reason = await self._try(handler, current, frame)
        return {"type": "answered", "id": frame.nonce, "ok": reason is None, "reason": reason or ""}

    @staticmethod
    async def _try(handler: HandHandler | None, link: Link, frame: HandFrame) -> str | None:
        import asyncio

        assert handler is not None
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(None, handler, link, frame)
        except Exception:  # why is the GM's to read (the log), never the phone's
            logging.getLogger(__name__).exception("A choice from a phone could not be entered")
            return FAILED

    def forget(self, token: str) -> None:
        """A link revoked or renewed: its ids go with it."""
        self._answers.pop(token, None)
