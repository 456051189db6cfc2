"""What the routes' requests share: the base of every request body and the path parameters.

Every field of a request is bounded and unknown fields are refused, so bad input gets a clear
4xx (never a 500 from a number the database cannot hold, or a silently ignored typo)."""
from __future__ import annotations

from typing import Literal

from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict

from .bots import LEVELS

Level = Literal[LEVELS]  # type: ignore[valid-type]
TableId = PathParam(..., pattern="^[A-Za-z0-9_-]{1,64}$")
SeatNumber = PathParam(..., ge=0, le=63)


class Request_(BaseModel):
    model_config = ConfigDict(extra="forbid")
