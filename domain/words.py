"""Words as data: the message catalogues every sentence a GM reads comes from (the
domain's sentences included: a rule system words its own events with its catalogue).

gettext catalogues, kept with Babel (``pybabel extract`` finds the messages, a
``.po`` file per language holds their translations, ``pybabel compile`` makes the
``.mo`` read here; plural forms by ``ngettext``). A sentence is written once, in
English, as the message id of the catalogue call, with named fields::

    say("{target} takes {amount} ({source})", target=..., amount=..., source=...)

and each language is a catalogue: ``locale/<lang>/LC_MESSAGES/battletape.po`` in the
package whose sentences it translates (the core's in ``projections``, each rule
system's in its own package, beside its code). English is the message ids themselves:
an English command reads no catalogue; another language reads its catalogues once,
the first time a sentence needs them (stdlib ``gettext``, no Babel at run time). A
third language is a new catalogue, no code.

Why gettext rather than Project Fluent: the sentences battletape writes agree in
number (a group, "i goblin fuggono": ``ngettext``) and take the seeds' terms, which
gettext's plural forms and message contexts carry; the combatants' names carry no
grammatical gender battletape knows. gettext's catalogues are the ecosystem's
common tool (Babel, translation editors, ``msgfmt``), and reading a compiled
catalogue costs a recording command nothing in English and well under a millisecond
in Italian, where Fluent would parse its files on every run.
"""

from __future__ import annotations

import gettext
from functools import cache
from typing import Any

DOMAIN = "battletape"
LANGUAGES = ("en", "it")
#: the package of the core's catalogue
CORE = "battletape.projections"


@cache
def catalogue(package: str, lang: str) -> gettext.NullTranslations | None:
    """The compiled catalogue of ``package`` in ``lang`` (None: it has none)."""
    if lang == "en":
        return None
    from importlib.resources import files

    try:
        path = files(package) / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        data = path.read_bytes()
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None
    from io import BytesIO

    return gettext.GNUTranslations(BytesIO(data))


class Words:
    """The messages of a language, from the catalogues of some packages (the first
    that translates a message wins; none: the English message id)."""

    def __init__(self, lang: str, packages: tuple[str, ...]):
        self.lang = lang
        self._catalogues = [c for p in packages if (c := catalogue(p, lang)) is not None]

    def text(self, message: str, context: str | None = None) -> str:
        """``message`` in this language, its fields not filled."""
        for c in self._catalogues:
            said = (c.pgettext(context, message) if context is not None
                    else c.gettext(message))
            if said != message:
                return said
        return message

    def __call__(self, message: str, /, **fields: Any) -> str:
        """``message`` in this language with its ``{fields}`` filled."""
        said = self.text(message) if self._catalogues else message
        return said.format(**fields) if fields else said

    def ctx(self, context: str, message: str, /, **fields: Any) -> str:
        """``message`` in the sense ``context`` gives it (msgctxt)."""
        said = self.text(message, context) if self._catalogues else message
        return said.format(**fields) if fields else said

    def of(self, gender: str, message: str, /, **fields: Any) -> str:
        """``message`` said of a name of grammatical ``gender`` (domain/grammar.py):
        its feminine form (msgctxt "feminine") for "f" where the language has one,
        else the message as it is."""
        if gender == "f" and self._catalogues:
            said = self.text(message, "feminine")
            if said != message:
                return said.format(**fields) if fields else said
        return self(message, **fields)

    def plural(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form of ``n`` (the language's plural rule), its fields filled."""
        for c in self._catalogues:
            said = c.ngettext(singular, plural, n)
            if said not in (singular, plural):
                return said.format(n=n, **fields)
        return (singular if n == 1 else plural).format(n=n, **fields)

    def names(self, names: list[str], nobody: str = "nobody") -> str:
        """A list of names as the language writes it (English: "A, B, C"; Italian:
        "A, B e C"), ``nobody`` translated when it is empty."""
        if not names:
            return self(nobody)
        if len(names) == 1:
            return names[0]
        return self("{names}, {last}", names=", ".join(names[:-1]), last=names[-1])


#: where the reader's language comes from when ``--lang`` does not say it
LANG_VARIABLE = "BATTLETAPE_LANG"


def default_language(environ: dict | None = None) -> str:
    """``BATTLETAPE_LANG``, else the locale's language (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``: ``it_IT.UTF-8`` is Italian), if battletape speaks it; else English."""
    import os

    env = os.environ if environ is None else environ
    for name in (LANG_VARIABLE, "LC_ALL", "LC_MESSAGES", "LANG"):
        value = (env.get(name) or "").strip()
        if value:
            lang = value.split("_")[0].split(".")[0].lower()
            return lang if lang in LANGUAGES else "en"
    return "en"


def N_(message: str) -> str:
    """A message said elsewhere (a page's label, a sentence a report takes from a
    system): marked so that the catalogues' tools find it; said by ``Words``."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """A message with its plural, marked for extraction, said later by
    :meth:`Words.plural`."""
    return singular, plural


def tr(lang: str, message: str, /, **fields: Any) -> str:
    """``message`` of the core's catalogue in ``lang``, its fields filled (what the
    command line says around the log: ``wrote FILE``, ``nothing recorded``)."""
    return words(lang)(message, **fields)


@cache
def words(lang: str, *packages: str) -> Words:
    """The words of ``lang`` from the catalogues of ``packages`` and the core's."""
    return Words(lang, tuple(dict.fromkeys((*packages, CORE))))
