"""Simulation results on disk, written as a run goes and read back for resuming and reports.

Two formats share one schema (one row per game):

==============  =========  =====================================================================
column          type       meaning
==============  =========  =====================================================================
index           int64      the game's index in the run (0 .. games-1); the game's seed is seed+index
seed            int64      the game's seed
players         int64      number of seats
plies           int64      decisions played
seconds         float64    wall time of that game in its worker
error           string     empty, or ``Type: message`` when the game crashed, or
                           ``GameDidNotEnd: game did not end within N decisions`` when the
                           decision cap stopped it (`GameRow.did_not_end`, `GameRow.crashed`)
winners         string     winning seats separated by spaces (``"0"``, ``"1 2"`` for a tie)
score_<i>       float64    seat i's final score (empty/null when the game failed)
win_<i>         float64    seat i's win share: 1/k when seat i is one of k winners, else 0
agent_<i>       string     the agent that played seat i
stats           string     JSON object: ``state.stats()`` when the game defines it, else ``{}``
parts           string     JSON list, per seat: its final score by scoring source ``{part: points}``
trace           string     JSON object: how the lead went (``lead_changes``, ``decided_at``)
==============  =========  =====================================================================

* **Parquet** (default): ``OUT`` is a *directory* (a Parquet dataset) of part files
  ``part-NNNNNN.parquet``, one per batch.  Each part is written to a temporary name and then
  renamed, so a crash never leaves a torn file: at most the rows of the batch in memory are lost.
  ``pyarrow.parquet.read_table(OUT)`` or ``pandas.read_parquet(OUT)`` read the whole run.
* **CSV** (``--format csv``): ``OUT`` is one file with a header; each batch is appended and
  flushed.  A torn last line left by a crash is cut off when the run is resumed.

Beside the results a small JSON file describes the run (game, players, options, seats, seed,
games, rotate, max_plies): ``OUT/_run.json`` for Parquet, ``OUT.run.json`` for CSV.  ``--resume``
checks it so that a resumed run cannot silently mix two different set-ups; the decision cap
(``max_plies``) is not compared, since it changes no game that ends within it, and the file keeps
the cap of the latest run.
"""
from __future__ import annotations

import csv
import json
import math
import os
import shutil
import time
from pathlib import Path
from typing import Iterable

from .local import GameRow

FORMATS = ("parquet", "csv")
BASE_COLUMNS = ["index", "seed", "players", "plies", "seconds", "error", "winners"]


class OutputMismatch(ValueError):
    """Resuming into an output written by a run with another set-up."""


def infer_format(path: Path, fmt: str | None) -> str:
    if fmt:
        fmt = fmt.lower()
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
        return fmt
    return "csv" if Path(path).suffix.lower() == ".csv" else "parquet"


def columns(players: int) -> list[str]:
    cols = list(BASE_COLUMNS)
    cols += [f"score_{i}" for i in range(players)]
    cols += [f"win_{i}" for i in range(players)]
    cols += [f"agent_{i}" for i in range(players)]
    cols += ["stats", "parts", "trace"]
    return cols


def row_to_record(row: GameRow, players: int) -> dict:
    rec = {
        "index": int(row.index), "seed": int(row.seed), "players": int(row.players), "plies": int(row.plies),
        "seconds": float(row.seconds), "error": row.error or "", "winners": " ".join(map(str, row.winners)),
    }
    k = len(row.winners)
    for i in range(players):
        rec[f"score_{i}"] = float(row.scores[i]) if i < len(row.scores) and not row.error else None
    for i in range(players):
        rec[f"win_{i}"] = (1.0 / k if i in row.winners else 0.0) if not row.error else 0.0
    for i in range(players):
        rec[f"agent_{i}"] = row.lineup[i] if i < len(row.lineup) else ""
    rec["stats"] = json.dumps(row.stats or {}, sort_keys=True, default=str)
    rec["parts"] = json.dumps(row.parts or [], sort_keys=True, default=str)
    rec["trace"] = json.dumps(row.trace or {}, sort_keys=True, default=str)
    return rec


def _json_field(rec: dict, key: str, empty):
    """A JSON column (absent from outputs written before it existed: ``empty``)."""
    text = rec.get(key) or ""
    if not isinstance(text, str) or not text:
        return empty
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return empty


def record_to_row(rec: dict) -> GameRow:
    players = int(rec["players"])
    error = rec.get("error") or ""
    if isinstance(error, float) and math.isnan(error):
        error = ""
    winners_text = rec.get("winners")
    winners = [int(w) for w in str(winners_text).split()] if winners_text not in (None, "") else []
    scores = []
    if not error:
        for i in range(players):
            v = rec.get(f"score_{i}")
            v = float(v)
            scores.append(int(v) if v.is_integer() else v)
    lineup = [str(rec.get(f"agent_{i}") or "") for i in range(players)]
    stats_text = rec.get("stats") or "{}"
    try:
        stats = json.loads(stats_text)
    except (TypeError, json.JSONDecodeError):
        stats = {}
    return GameRow(int(rec["index"]), int(rec["seed"]), players, scores, winners, int(rec["plies"]),
                   float(rec["seconds"]), stats, error, lineup, _json_field(rec, "parts", []),
                   _json_field(rec, "trace", {}))


def meta_path(path: Path, fmt: str) -> Path:
    path = Path(path)
    return path / "_run.json" if fmt == "parquet" else path.with_name(path.name + ".run.json")


def read_meta(path: Path, fmt: str | None = None) -> dict | None:
    fmt = infer_format(path, fmt) if fmt or not Path(path).is_dir() else "parquet"
    mp = meta_path(path, fmt)
    if not mp.exists():
        return None
    return json.loads(mp.read_text())


def _arrow_schema(players: int):
    import pyarrow as pa

    fields = [("index", pa.int64()), ("seed", pa.int64()), ("players", pa.int64()), ("plies", pa.int64()),
              ("seconds", pa.float64()), ("error", pa.string()), ("winners", pa.string())]
    fields += [(f"score_{i}", pa.float64()) for i in range(players)]
    fields += [(f"win_{i}", pa.float64()) for i in range(players)]
    fields += [(f"agent_{i}", pa.string()) for i in range(players)]
    fields += [("stats", pa.string()), ("parts", pa.string()), ("trace", pa.string())]
    return pa.schema(fields)


class ResultWriter:
    """Buffer rows and write them in batches: every ``batch_rows`` rows or ``batch_seconds``
    seconds, whichever comes first, and on ``close()``.  Use as a context manager."""

    def __init__(self, path: Path, players: int, fmt: str | None = None, meta: dict | None = None,
                 resume: bool = False, batch_rows: int = 500, batch_seconds: float = 5.0):
        self.path = Path(path)
        self.fmt = infer_format(self.path, fmt)
        self.players = players
        self.batch_rows = max(1, int(batch_rows))
        self.batch_seconds = float(batch_seconds)
        self.buffer: list[dict] = []
        self.last_flush = time.monotonic()
        self.written = 0
        self.done: set[int] = set()
        self.fields = columns(players)  # CSV: the columns of the file (an older file keeps its own)
        self.meta = dict(meta or {})
        self.meta.setdefault("format", self.fmt)
        self.meta.setdefault("players", players)
        if resume and self._exists():
            old = read_meta(self.path, self.fmt)
            if old is not None:
                _check_same(old, self.meta)
            self.done = finished_indices(self.path, self.fmt)
            if self.fmt == "csv":
                with self.path.open(newline="") as fh:
                    header = next(csv.reader(fh), None)
                if header:
                    self.fields = header
        else:
            self._start_fresh()
        mp = meta_path(self.path, self.fmt)
        mp.parent.mkdir(parents=True, exist_ok=True)
        mp.write_text(json.dumps(self.meta, indent=1, sort_keys=True, default=str))
        self._part = self._next_part()

    # -------------------------------------------------------------- helpers
    def _exists(self) -> bool:
        return self.path.is_dir() if self.fmt == "parquet" else self.path.is_file()

    def _start_fresh(self) -> None:
        if self.fmt == "parquet":
            if self.path.is_dir():
                shutil.rmtree(self.path)
            elif self.path.exists():
                self.path.unlink()
            self.path.mkdir(parents=True, exist_ok=True)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("w", newline="") as fh:
                csv.DictWriter(fh, fieldnames=columns(self.players)).writeheader()

    def _next_part(self) -> int:
        if self.fmt != "parquet":
            return 0
        nums = [int(p.stem.split("-")[1]) for p in self.path.glob("part-*.parquet") if p.stem.split("-")[1].isdigit()]
        return max(nums, default=-1) + 1

    # -------------------------------------------------------------- API
    def add(self, row: GameRow) -> None:
        self.buffer.append(row_to_record(row, self.players))
        if len(self.buffer) >= self.batch_rows or time.monotonic() - self.last_flush >= self.batch_seconds:
            self.flush()

    def flush(self) -> None:
        self.last_flush = time.monotonic()
        if not self.buffer:
            return
        rows, self.buffer = self.buffer, []
        if self.fmt == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pylist(rows, schema=_arrow_schema(self.players))
            final = self.path / f"part-{self._part:06d}.parquet"
            tmp = self.path / f".part-{self._part:06d}.parquet.tmp"
            pq.write_table(table, tmp)
            os.replace(tmp, final)
            self._part += 1
        else:
            with self.path.open("a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=self.fields, extrasaction="ignore")
                for r in rows:
                    w.writerow({k: ("" if v is None else v) for k, v in r.items()})
                fh.flush()
                os.fsync(fh.fileno())
        self.written += len(rows)

    def close(self) -> None:
        self.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def _check_same(old: dict, new: dict) -> None:
    keys = ("game", "players", "options", "seats", "seed", "rotate", "format")
    diff = [k for k in keys if k in old and k in new and json.dumps(old[k], sort_keys=True, default=str)
            != json.dumps(new[k], sort_keys=True, default=str)]
    if diff:
        what = "; ".join(f"{k}: {old[k]!r} in the file, {new[k]!r} now" for k in diff)
        raise OutputMismatch(f"cannot resume: the existing output was written by another set-up ({what})")


def _repair_csv(path: Path) -> None:
    """Cut a torn last line (no trailing newline) left by a crash in the middle of a write."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n")
        with path.open("r+b") as fh:
            fh.truncate(cut + 1 if cut >= 0 else 0)


def _read_records(path: Path, fmt: str | None = None) -> list[dict]:
    path = Path(path)
    fmt = "parquet" if path.is_dir() else infer_format(path, fmt)
    if fmt == "parquet":
        import pyarrow.parquet as pq

        parts = sorted(path.glob("part-*.parquet")) if path.is_dir() else [path]
        out: list[dict] = []
        for p in parts:
            out.extend(pq.read_table(p).to_pylist())
        return out
    _repair_csv(path)
    with path.open(newline="") as fh:
        recs = list(csv.DictReader(fh))
    for r in recs:
        for k, v in list(r.items()):
            if v == "" and (k.startswith("score_")):
                r[k] = None
    return recs


def finished_indices(path: Path, fmt: str | None = None) -> set[int]:
    """The indices of the games already written to ``path`` (for ``--resume``)."""
    path = Path(path)
    if not path.exists():
        return set()
    if path.is_dir():  # Parquet: read the index column only
        import pyarrow.parquet as pq

        out: set[int] = set()
        for p in sorted(path.glob("part-*.parquet")):
            out.update(pq.read_table(p, columns=["index"]).column("index").to_pylist())
        return out
    return {int(r["index"]) for r in _read_records(path, fmt)}


def read_rows(path: Path, fmt: str | None = None) -> list[GameRow]:
    """Every game written to ``path`` (CSV file or Parquet dataset), sorted by index; a game
    written twice (which resuming avoids) is counted once."""
    seen: dict[int, GameRow] = {}
    for rec in _read_records(path, fmt):
        row = record_to_row(rec)
        seen.setdefault(row.index, row)
    return [seen[i] for i in sorted(seen)]


def write_rows(rows: Iterable[GameRow], path: Path, players: int, fmt: str | None = None, meta: dict | None = None) -> None:
    with ResultWriter(path, players, fmt, meta=meta, batch_rows=10**9, batch_seconds=1e9) as w:
        for r in rows:
            w.add(r)
