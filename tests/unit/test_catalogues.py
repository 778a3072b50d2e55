"""The message catalogues (projections/words.py, projections/catalogues.py): every
message of the code has its Italian, compiled; no Italian is a copy of its English
but where the words are the same; a translation keeps every value of its message."""

from __future__ import annotations

import string

import pytest

from battletape.projections import catalogues
from battletape.domain.words import Words, catalogue, words

#: messages whose Italian is written as the English is
SAME_IN_ITALIAN = {" (immune)", ", GM {names}", "Round {n}", " ({bonus_action})",
                   "{name}: {action} ({kind}){what}{provokes}",
                   "no"}  # "no" is Italian too (diff, stats: yes or no)


#: fields a translation may leave out, saying the same in its own words (5e's
#: "takes the Dodge action": Italian names the action by the seed's term, {action})
MAY_LEAVE = {"Action"}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_of_the_code_has_its_italian_compiled():
    assert catalogues.problems() == []


def test_a_catalogue_compiled_by_another_babel_release_is_compiled_still():
    """Babel writes its own release in a compiled catalogue's header: the same
    messages under another header are the same catalogue (`check` compares what the
    catalogues say); a translation changed since is not."""
    from io import BytesIO

    from babel.messages.mofile import write_mo

    def compiled(catalogue) -> bytes:
        out = BytesIO()
        write_mo(out, catalogue)
        return out.getvalue()

    po = catalogues.po_files(catalogues.packages()[0])[0]
    ours = compiled(catalogues.read(po))
    theirs = catalogues.read(po)
    theirs.version = "written by another release"  # (a field of the header)
    assert compiled(theirs) != ours
    assert catalogues._messages(compiled(theirs)) == catalogues._messages(ours)
    changed = catalogues.read(po)
    first = next(m for m in changed if m.id and isinstance(m.string, str))
    first.string += " (changed)"
    assert catalogues._messages(compiled(changed)) != catalogues._messages(ours)


@pytest.mark.parametrize("package", catalogues.packages())
def test_no_italian_is_a_copy_of_its_english_and_none_loses_a_value(package):
    for po in catalogues.po_files(package):
        for m in catalogues.read(po):
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            said = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.id not in SAME_IN_ITALIAN:
                assert ids[0] not in said, f"{po.name}: {m.id!r} is not translated"
            for text in said:
                assert _fields(ids[0]) - MAY_LEAVE <= _fields(text), (m.id, text)


def test_english_reads_no_catalogue_and_is_the_message_itself():
    assert catalogue("battletape.projections", "en") is None
    en = words("en")
    assert en("{name} flees the fight", name="Orc") == "Orc flees the fight"
    assert en.names(["A", "B", "C"]) == "A, B, C" and en.names([]) == "nobody"


def test_italian_comes_from_the_catalogue_with_its_contexts():
    it = words("it")
    assert it("{name} flees the fight", name="Orc") == "Orc fugge dal combattimento"
    assert it.ctx("save", "hard") == "difficile" and it.ctx("outcome", "fled") == "fuga"
    assert it.names(["A", "B", "C"]) == "A, B e C" and it.names([]) == "nessuno"
    # a word the catalogue does not hold reads as it is (a name, a new damage type)
    assert it.ctx("damage type", "sonic") == "sonic"


def test_a_language_without_a_catalogue_reads_english():
    assert Words("fr", ("battletape.projections",))("{name} flees the fight",
                                                    name="Orc") == "Orc flees the fight"


def test_every_verb_help_of_every_system_has_its_italian():
    from battletape.domain import systems

    for system in systems.all_systems().values():
        helps = catalogues.helps(system.package)
        assert helps, system.id
        said = words("it", system.package)
        for name, verb in system.verbs.items():
            for text in [verb.help, *(p.help for p in verb.params)]:
                if text:
                    assert text in helps
                    assert said.text(text) != text, (system.id, name, text)
    assert [p for p in catalogues.problems() if "help of `" in p] == []


def test_a_verb_help_without_its_italian_is_a_problem(monkeypatch):
    read = catalogues.read
    english = "Advantage: keep the higher of two d20."

    def without(po):
        found = read(po)
        if "dnd5e" in str(po) and english in found:
            found.delete(english)
        return found

    monkeypatch.setattr(catalogues, "read", without)
    assert any(f"no translation of {english!r} (help of `attack --adv`, 5e)" in p
               for p in catalogues.problems())


#: the English prose of `attack --help` and the seed's Italian for it, in each system
ATTACK_HELP = {
    "13a": ("One attack roll per target, damage rolled once.",
            "Un tiro per colpire per bersaglio, danni tirati una volta sola.",
            "ac, pd o md (CA, DF o DM)."),
    "5e": ("Advantage: keep the higher of two d20.",
           "Vantaggio: tiene il più alto di due d20.",
           "ac (la CA, l'unica difesa in 5e)."),
    "3.5e": ("Attack rolls against AC, touch or flat-footed AC.",
             "Tiri per colpire contro la CA, la CA da tocco o la CA colto alla",
             "Combattere sulla difensiva: -4, +2 di schivata alla CA."),
}


@pytest.mark.parametrize("system", list(ATTACK_HELP))
def test_attack_help_is_said_in_the_readers_language(sqlite_store, system):
    from tests.helpers import cli, ok

    english, *italian = ATTACK_HELP[system]
    ok(sqlite_store, "new", "X", "--system", system)
    it = cli(sqlite_store, "--lang", "it", "attack", "--help")
    assert it.code == 0, it.err
    flat = " ".join(it.out.split())
    for text in italian:
        assert text in flat, (system, text)
    assert "Esempio: battletape attack " in flat and english not in flat
    assert "--bonus" in it.out and "Example:" not in it.out
    en = cli(sqlite_store, "attack", "--help")
    assert en.code == 0, en.err
    assert english in " ".join(en.out.split()) and "Example: battletape attack " in " ".join(
        en.out.split())
    assert not any(text in " ".join(en.out.split()) for text in italian)
