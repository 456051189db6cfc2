"""Names people type: a guest's name at a seat (hot-seat names included) and a username at
sign-up.  One check for all of them (``check_name``), so that nobody can pass for someone else:

- control and format characters are refused (Unicode categories Cc, Cf, Co, Cs, Cn, and the line
  and paragraph separators Zl, Zp): line breaks, bidi overrides that turn "ecila" into "alice",
  zero-width characters that hide inside a name;
- a name is trimmed, at most ``MAX_NAME`` characters long, shows at least one letter or digit
  (not only invisible or combining characters) and stacks at most two marks on a letter;
- reserved words are refused: a name may not contain "computer", "admin" or "system" as a word,
  nor be a computer level ("hard", "difficile"), so nobody reads a person as the computer or the
  house;
- a name that looks like an account's (the same letters whatever their case, or the same Unicode
  TR39 confusable skeleton: a Cyrillic "а" for a Latin "a", a capital "I" or a "1" for an "l") is
  an account's: a guest may not sit under it, and a new account may not take it.

Skeletons come from the ``disarm`` library (its TR39 tables ship inside the package).  Case folding
and the confusable mapping do not commute ("ALICE" folds its "I" to "l" before it is lowered), so
a name has two keys, its skeleton as typed and that of its case-folded form; two names collide when
their keys meet.  An account keeps both keys in ``users.skeleton`` and ``users.skeleton_folded``.
"""
from __future__ import annotations

import re
import unicodedata

from ..words import server_said

from disarm import skeleton_key

MAX_NAME = 40
REFUSED_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
# words a name may not contain: the table calls the computer "computer" in both languages
RESERVED_WORDS = ("computer", "admin", "administrator", "system", "sistema")
# the computer levels (server/bots.py LEVELS) and their Italian names (engine/narration.py): a
# whole name may not be one of them
RESERVED_NAMES = ("random", "heuristic", "easy", "normal", "hard", "casuale", "euristico", "facile", "normale",
                  "difficile")


class NameRefused(ValueError):
    """A name that may not be used; the message says why, in words for the person who typed it."""


def keys(name: str) -> tuple[str, str]:
    """The name's two confusable skeletons: as typed, and case-folded (see the module's text)."""
    return skeleton_key(name, digit_policy="tr39"), skeleton_key(name.casefold(), digit_policy="tr39")


def check_name(raw: str, what: str | None = None) -> str:
    """``raw`` trimmed, or NameRefused: a control or format character, too long, or a reserved
    word.  (Whether it collides with an account's name is asked of the accounts: ``keys``.)
    ``what``: what the name is, in the refusal (``server_said("who_...")``)."""
    what = what or server_said("who_name")
    for ch in raw:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            raise NameRefused(server_said("name_invisible", who=what, code=f"U+{ord(ch):04X}"))
    name = raw.strip()
    if len(name) > MAX_NAME:
        raise NameRefused(server_said("name_too_long", who=what, most=MAX_NAME))
    if name and not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise NameRefused(server_said("name_no_letter", who=what))
    if re.search(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]{3}", name) or \
            any(all(unicodedata.category(c)[0] == "M" for c in name[i:i + 4]) for i in range(len(name) - 3)):
        raise NameRefused(server_said("name_stacked_marks", who=what))
    if name:
        words = {w for k in keys(name) for w in re.split(r"[\W_]+", k) if w}
        bad = next((w for w in RESERVED_WORDS if w in words), None)
        if bad is None and any(k in RESERVED_NAMES for k in keys(name)):
            bad = keys(name)[1]
        if bad is not None:
            raise NameRefused(server_said("name_reserved", who=what, bad=bad))
    return name
