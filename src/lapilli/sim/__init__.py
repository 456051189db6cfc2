"""Many games at once: local processes or Ray, with statistics and results written as they go."""
from .backends import BACKENDS, run_games
from .local import GameRow, lineup_for, simulate, summarize
from .output import ResultWriter, finished_indices, read_rows

__all__ = ["BACKENDS", "GameRow", "ResultWriter", "finished_indices", "lineup_for", "read_rows", "run_games",
           "simulate", "summarize"]
