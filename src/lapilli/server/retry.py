"""The one way the server retries what failed because a service did not answer (tenacity): a
pause of 0.1 s, twice as long after each failure, at most ``retry_max_seconds``.  Used by the
table re-read after a failed write (Referee), a computer's move that could not be stored
(ComputerSeats) and the Redis listener (PubSub)."""
from __future__ import annotations

from typing import Callable

from tenacity import AsyncRetrying, RetryCallState, retry_if_exception_type, stop_never, wait_exponential

FIRST_PAUSE = 0.1


def back_off(most: float, first: float = FIRST_PAUSE) -> wait_exponential:
    """``first`` seconds after the first failure, doubling after each, never more than ``most``."""
    return wait_exponential(multiplier=first, max=most)


def retrying(most: float, errors: tuple[type[BaseException], ...], *, first: float = FIRST_PAUSE,
             stop: Callable[[RetryCallState], bool] = stop_never,
             before_sleep: Callable[[RetryCallState], None] | None = None) -> AsyncRetrying:
    """``async for attempt in retrying(...): with attempt: ...``: tries again after each of
    ``errors`` (any other error is raised at once) until an attempt succeeds or ``stop`` says
    so; then the last error is raised (``reraise``)."""
    return AsyncRetrying(wait=back_off(most, first), retry=retry_if_exception_type(errors), stop=stop,
                         before_sleep=before_sleep, reraise=True)
