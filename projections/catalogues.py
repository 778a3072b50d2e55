"""Keeping the message catalogues (projections/words.py) with Babel.

    python -m battletape.projections.catalogues check     # what is missing or stale
    python -m battletape.projections.catalogues compile   # every .po into its .mo

The messages of a package are the literal first arguments of ``_("…")``,
``_.ctx("context", "…")`` and ``_.plural("…", "…", n)`` in its modules (Babel's
extractor finds them); a message whose words come from data (a damage type, a save's
difficulty: ``_.ctx("save", e.save)``) is entered in the catalogue by hand, under its
context. Babel is needed here only (``pip install -e '.[i18n]'``); battletape reads
the compiled ``.mo`` with the standard library.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

from battletape.domain.words import DOMAIN

#: the call names whose first arguments are messages, in Babel's keyword form
KEYWORDS = {"_": None, "N_": None, "tr": (2,), "ctx": ((1, "c"), 2), "plural": (1, 2),
            "of": (2,), "N_plural": (1, 2)}
#: the packages whose messages the core's catalogue holds (the domain's own modules,
#: not its systems' packages)
CORE_SOURCES = ("battletape.projections", "battletape.replay", "battletape",
                "battletape.domain")


def packages() -> list[str]:
    """The packages that have sentences: the core's and every rule system's."""
    from battletape.domain import systems
    from battletape.domain.words import CORE

    return [CORE] + [type(s).__module__.rsplit(".", 1)[0]
                     for s in systems.all_systems().values()]


def folder(package: str) -> Path:
    return Path(str(files(package)))


def po_files(package: str) -> list[Path]:
    return sorted(folder(package).glob(f"locale/*/LC_MESSAGES/{DOMAIN}.po"))


def read(po: Path):
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        return read_po(f)


def sources(package: str) -> list[Path]:
    """The modules whose messages ``package``'s catalogue holds."""
    from battletape.domain.words import CORE

    return [path for source in (CORE_SOURCES if package == CORE else (package,))
            for path in sorted(folder(source).glob("*.py" if source == "battletape.domain"
                                                   else "**/*.py"))]


def extracted(package: str) -> dict[tuple[str | None, str], str]:
    """The literal messages of ``package``'s modules: {(context, id): where}."""
    from babel.messages.extract import extract_from_file

    found: dict[tuple[str | None, str], str] = {}
    for path in sources(package):
        for line, message, _comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS):
            mid = message[0] if isinstance(message, tuple) else message  # a plural's
            if mid:
                found.setdefault((context, mid), f"{path.name}:{line}")
    return found


def helps(package: str) -> dict[str, str]:
    """The ``--help`` of the verbs of the rule systems whose package is ``package``
    (a verb's and each of its parameters'), which its catalogue translates (a verb's
    help is read from its system's catalogue, chained to the core's): {help: where}."""
    from battletape.domain import systems

    found: dict[str, str] = {}
    for system in systems.all_systems().values():
        if system.package != package:
            continue
        for name, verb in system.verbs.items():
            if verb.help:
                found.setdefault(verb.help, f"help of `{name}`, {system.id}")
            for p in verb.params:
                if p.help:
                    spelled = (p.name.rstrip("_").upper() if p.positional
                               else p.flags[0] if p.flags
                               else "--" + p.name.rstrip("_").replace("_", "-"))
                    found.setdefault(p.help, f"help of `{name} {spelled}`, {system.id}")
    return found


def compile_all() -> list[Path]:
    """Every package's .po compiled into its .mo (what battletape reads)."""
    from babel.messages.mofile import write_mo

    made = []
    for package in packages():
        for po in po_files(package):
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, read(po))
            made.append(po.with_suffix(".mo"))
    return made


def _messages(mo: bytes) -> dict:
    """What a compiled catalogue says: each message (its context and id) and its
    translation, without the header (Babel writes its own version there: a catalogue
    compiled by another release says the same)."""
    from io import BytesIO

    from babel.messages.mofile import read_mo

    def key(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value

    try:
        catalogue = read_mo(BytesIO(mo))
    except Exception:  # not a catalogue at all
        return {None: mo}
    return {(m.context, key(m.id)): key(m.string) for m in catalogue if m.id}


def problems() -> list[str]:
    """What a catalogue lacks or holds stale: a message of the code without its
    translation, a verb's help (or a parameter's) without its translation in its
    system's catalogue (or the core's), a translation left empty, a .mo older than
    its .po."""
    from io import BytesIO

    from babel.messages.mofile import write_mo

    from battletape.domain.words import CORE

    out = []
    core = {po.parent.parent.name: _ids(read(po)) for po in po_files(CORE)}
    for package in packages():
        messages = extracted(package)
        messages.update({(None, text): where for text, where in helps(package).items()
                         if (None, text) not in messages})
        for po in po_files(package):
            catalogue = read(po)
            # a system's sentences may say the core's messages (its catalogue chains)
            known = _ids(catalogue) | core.get(po.parent.parent.name, set())
            for key, where in messages.items():
                if key not in known:
                    out.append(f"{po}: no translation of {key[1]!r} ({where})")
            for m in catalogue:
                if m.id and not (m.string if isinstance(m.string, str)
                                 else all(m.string)):
                    out.append(f"{po}: {m.id!r} is not translated")
            compiled = BytesIO()
            write_mo(compiled, catalogue)
            mo = po.with_suffix(".mo")
            if not mo.exists() or _messages(mo.read_bytes()) != _messages(
                    compiled.getvalue()):
                out.append(f"{mo}: not compiled from its .po (run `compile`)")
    return out


def _ids(catalogue) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0])
            for m in catalogue if m.id}


def main(argv: list[str]) -> int:
    if argv[:1] == ["compile"]:
        for mo in compile_all():
            print(mo)
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        print("\n".join(found) or "every message has its translations")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
