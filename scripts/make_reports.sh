#!/usr/bin/env bash
# Regenerate the balance reports in docs/reports/ (issue 9).  Each report names the command that
# made it; the simulated games go to results/reports/ (not committed).  Usage:
#   bash scripts/make_reports.sh [GAME ...]      (default: every game)
set -euo pipefail
cd "$(dirname "$0")/.."
LAPILLI=${LAPILLI:-lapilli}
JOBS=${JOBS:-2}
N=${N:-2000}
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(kingdomino-origins stromboli the-island eruption isola-dei-vulcani)
for g in "${games[@]}"; do
  out=docs/reports/$g
  data=results/reports/$g
  case $g in
    kingdomino-origins)   args=(-p 4 -c mode=totem -c mode=tribe -c fire_empire=true,homo_habilis=true -c players=3 -c players=2) ;;
    stromboli)            args=(-c tactical=true -c huts=random) ;;
    the-island)           args=(-p 4 -c giant_squid=true -c dolphins=true -c players=2 -c players=6) ;;
    eruption)             args=(-p 5 -c players=2 -c players=3 -c players=4 -c players=6) ;;
    isola-dei-vulcani)    args=(-p 4 --seats heuristic -c setup=advanced -c players=3 -c players=2) ;;
    *) echo "no report set-up for $g" >&2; exit 2 ;;
  esac
  n=$N
  [ "$g" = isola-dei-vulcani ] && n=${N_ISOLA:-500}
  $LAPILLI report "$g" "${args[@]}" -n "$n" --jobs "$JOBS" --out "$out" --results "$data" --resume
done
