"""Per-address limits: at most so many requests of one kind from one client address in a moving
window (a `limits` rate string such as "20/minute"), counted in this process's memory.  Past
the limit a request is answered 429 with Retry-After (the seconds until the oldest counted
request leaves the window) and the limit's own message."""
from __future__ import annotations

import time
from dataclasses import dataclass

from fastapi import HTTPException
from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from ..words import server_said


def client_address(conn: HTTPConnection) -> str:
    """The address a request or WebSocket came from (behind a proxy: the proxy's)."""
    return conn.client.host if conn.client else "unknown"


class PerAddress:
    """One limit: at most ``rate`` hits per client address in a moving window."""

    def __init__(self, rate: str):
        self.text = rate
        self.rate = parse_rate(rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, address: str) -> int | None:
        """One more hit for ``address``: None when it is allowed (and counted), else the seconds
        until it would be."""
        if self.limiter.hit(self.rate, address):
            return None
        reset = self.limiter.get_window_stats(self.rate, address).reset_time
        return max(1, int(reset - time.time()) + 1)


def one_more(conn: HTTPConnection, limit: PerAddress, key: str) -> None:
    """One more hit of ``limit`` for this request's client address, else 429 with Retry-After.
    ``key``: the refusal's sentence in lapilli.words.SERVER, which may name ``{address}`` and
    ``{rate}`` (the limit as configured)."""
    address = client_address(conn)
    wait = limit.hit(address)
    if wait is not None:
        raise HTTPException(429, server_said(key, address=address, rate=limit.text),
                            headers={"Retry-After": str(wait)})


@dataclass
class Limits:
    """The per-address limits of the HTTP routes (the one of addresses for notices is the Hub's,
    which sign-up shares)."""
    create: PerAddress  # tables created (LAPILLI_CREATE_RATE)
    heavy: PerAddress  # finished games' reads that must be computed (LAPILLI_HEAVY_READ_RATE)
    signin: PerAddress  # sign-in attempts (LAPILLI_SIGNIN_RATE)
    signup: PerAddress  # sign-up attempts (LAPILLI_SIGNUP_RATE)
    learn: PerAddress  # tutorial moves judged (LAPILLI_LEARN_RATE)

    @classmethod
    def of(cls, settings) -> "Limits":
        return cls(PerAddress(settings.create_rate), PerAddress(settings.heavy_read_rate),
                   PerAddress(settings.signin_rate), PerAddress(settings.signup_rate),
                   PerAddress(settings.learn_rate))
