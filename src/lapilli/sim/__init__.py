"""Many games at once: local processes (and, later, Ray), with statistics."""
from .local import GameRow, simulate, summarize

__all__ = ["GameRow", "simulate", "summarize"]
