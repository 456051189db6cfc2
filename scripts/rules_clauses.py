"""Copy the text of every numbered rules clause (``XXX-n.m``) from the rules specifications into
the web client's rules panels (src/lapilli/web/rules/<game>.json, key ``clauses``), so that a
refused move can show the clause it breaks.

Usage: python scripts/rules_clauses.py SPEC_DIR   (the folder of the per-game rules specifications)
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

PANELS = Path(__file__).resolve().parent.parent / "src" / "lapilli" / "web" / "rules"
CLAUSE = re.compile(r"^[-*] \*\*([A-Z]{3}-\d+\.\d+)\*\*\s+(.*)$")
MARKUP = re.compile(r"\*\*|(?<!\w)\*(?!\s)|(?<=\S)\*(?!\w)|`")
# the specifications' source tags ([B], [OCR], (src: ...), [derived], [-> ISL-I4] ...) are for
# the engine's authors, not for players
TAGS = re.compile(r"\s*\[(?:B\d*|R|I|C|OCR|derived[^\]]*|data:[^\]]*|→[^\]]*)\](?:\[[A-Z]\d*\])*|\s*\(src:[^)]*\)"
                  r"|\s*\(→[^)]*\)")


def clauses(spec: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in spec.read_text(encoding="utf-8").splitlines():
        m = CLAUSE.match(line.strip())
        if m and m.group(1) not in found:
            found[m.group(1)] = " ".join(TAGS.sub("", MARKUP.sub("", m.group(2))).split())
    return found


def main(spec_dir: str) -> int:
    for panel in sorted(PANELS.glob("*.json")):
        doc = json.loads(panel.read_text(encoding="utf-8"))
        spec = Path(spec_dir) / f"{doc['game']}.md"
        if not spec.exists():
            print(f"no rules specification {spec.name} in {spec_dir}", file=sys.stderr)
            return 2
        doc["clauses"] = clauses(spec)
        panel.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{panel.name}: {len(doc['clauses'])} clauses")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
