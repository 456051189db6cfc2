#!/usr/bin/env bash
# Regenerate the balance reports in docs/reports/ with skilled players.  One report per game:
#   - the baseline: heuristic players in every seat at the game's usual player count (the count
#     its rulebook sets up first), N games (default 2000: seat 0's 95 % interval about +-0.022 at
#     2 players, +-0.019 at 4; 500 for Eruption and The Island, whose games cost the most and
#     whose reports hold the most variants: about +-0.038 at 4);
#   - heuristic players at every other player count, and every other value of every option and
#     every shipped data set (--sensitivity), each paired with the baseline on the same seeds;
#   - random players at the usual count (seats=random), N games: where random play misleads;
#   - normal players (time limit off, so the result does not depend on the machine's load) at
#     the usual count P, N_NORMAL games on the baseline's first seeds, sized before running for a
#     95 % interval of +-W (default 0.05) on seat 0's win share at the fair share p = 1/P:
#     N_NORMAL = ceil(1.96^2 p (1 - p) / W^2), i.e. 385 games at 2 players, 289 at 4.
# The games run on a local Ray with JOBS CPUs (BACKEND=local for worker processes instead) and go
# to results/reports/GAME/ (not committed).  Resumable: stop it at any time and run the same
# command again; each variant keeps the games it has (in a file named after the variant) and plays
# only the rest.  NORMAL=0 leaves the normal set out of the run and of the report (its games, if
# any, stay for a later run with NORMAL=1): the heuristic and random sets cost a small part of it.
# Usage:
#   bash scripts/make_reports.sh [GAME ...]      (default: every game)
#   W=0.05 JOBS=2 BACKEND=ray NORMAL=1 bash scripts/make_reports.sh the-island   (N=... to change the games a variant)
set -euo pipefail
cd "$(dirname "$0")/.."
LAPILLI=${LAPILLI:-lapilli}
JOBS=${JOBS:-2}
W=${W:-0.05}
BACKEND=${BACKEND:-ray}
NORMAL=${NORMAL:-1}
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(kingdomino-origins stromboli the-island eruption isola-dei-vulcani)

normal_games() {  # games for a +-W interval on a win share of 1/P
  awk -v p="$1" -v w="$W" 'BEGIN { q = 1 / p; n = 1.959964 ^ 2 * q * (1 - q) / w ^ 2; c = int(n); if (c < n) c++; print c }'
}

for g in "${games[@]}"; do
  case $g in  # the usual player count, then the other counts
    kingdomino-origins) p=4; others=(2 3) ;;
    stromboli)          p=2; others=() ;;
    the-island)         p=4; others=(2 3 5 6) ;;
    eruption)           p=4; others=(2 3 5 6) ;;
    isola-dei-vulcani)  p=4; others=(2 3) ;;
    *) echo "no report set-up for $g" >&2; exit 2 ;;
  esac
  case $g in  # games a variant, as the shipped reports were made (N overrides)
    eruption|the-island) n=${N:-500} ;;
    *)                   n=${N:-2000} ;;
  esac
  args=(-p "$p" --seats heuristic --sensitivity)
  for k in "${others[@]}"; do args+=(-c "players=$k"); done
  args+=(-c seats=random)
  [ "$NORMAL" = 0 ] || args+=(-c "seats=normal:time_limit=0,games=$(normal_games "$p")")
  $LAPILLI report "$g" "${args[@]}" -n "$n" --jobs "$JOBS" --backend "$BACKEND" \
    --out "docs/reports/$g" --results "results/reports/$g" --resume
done
