"""Many games at once: local processes or Ray, with statistics and results written as they go."""
from .backends import BACKENDS, run_games
from .local import MAX_PLIES, GameRow, cap_reached, lineup_for, simulate, summarize
from .output import ResultWriter, finished_indices, read_rows

__all__ = ["BACKENDS", "MAX_PLIES", "GameRow", "cap_reached", "ResultWriter", "finished_indices", "lineup_for", "read_rows", "run_games",
           "simulate", "summarize"]
