"""Italian wherever a GM reads (issue 22): the three demos read with ``--lang it`` —
the log, the state table, the Markdown report and the HTML page — hold none of the
English words of the English messages (the catalogues' message ids), but for the
names the GM typed and the commands' own words (ids in backticks, ``rules-error``)."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from battletape.projections import catalogues
from tests.helpers import ok

#: words both languages write alike, or that the seeds use in Italian too
SHARED = {"round", "seed", "battletape", "verify", "sha256", "bab", "demo", "ongoing"}
_WORD = re.compile(r"[A-Za-z][a-z]{2,}")
_FIELD = re.compile(r"\{[^}]*\}")


@cache
def english_words() -> frozenset[str]:
    """Every word of the English messages that no Italian message uses."""
    english: set[str] = set()
    italian: set[str] = set()
    for package in catalogues.packages():
        for po in catalogues.po_files(package):
            for m in catalogues.read(po):
                if not m.id:
                    continue
                for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
                    english |= {w.lower() for w in _WORD.findall(_FIELD.sub(" ", text))}
                for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    italian |= {w.lower() for w in _WORD.findall(_FIELD.sub(" ", text))}
    return frozenset(english - italian - SHARED)


def leaked(text: str, names: set[str]) -> dict[str, int]:
    """The English words of ``text`` once the typed names and the commands' own
    words are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\S*[a-z]-[a-z]\S*", " ", text)  # ids: rules-error, end-of-turn
    found: dict[str, int] = {}
    for word in _WORD.findall(text):
        if word.lower() in english_words():
            found[word.lower()] = found.get(word.lower(), 0) + 1
    return found


def _visible(page: str) -> str:
    """The page's own words and the log lines its data holds."""
    data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)'
                                r"</script>", page, re.S).group(1))
    template = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    return re.sub(r"<[^>]+>", " ", template) + "\n".join(s[0] for s in data["steps"])


def test_the_english_words_are_a_real_list():
    words = english_words()
    assert {"attacks", "takes", "joins", "encounter", "damage"} <= words
    assert "attacca" not in words and "round" not in words


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_a_demo_read_in_italian_holds_no_english_word(sqlite_store, system, tmp_path):
    ok(sqlite_store, "demo", "--system", system, "--delay", "0")
    view = json.loads(ok(sqlite_store, "state", "--json").out)
    names = {view["encounter"], view["campaign"], *view["combatants"]}
    page = tmp_path / "page.html"
    ok(sqlite_store, "--lang", "it", "export", "--format", "html", "-o", str(page))
    read = {
        "log": ok(sqlite_store, "--lang", "it", "log", "--all").out,
        "state": ok(sqlite_store, "--lang", "it", "state").out,
        "report": ok(sqlite_store, "--lang", "it", "export", "--format", "md").out,
        "page": _visible(page.read_text("utf-8")),
    }
    found = {what: leaked(text, names) for what, text in read.items()}
    assert not any(found.values()), found
