"""The grammatical gender of a combatant's name, for the languages whose words agree
with it (Italian: "Bruna è caduta, priva di sensi"; "Orc 1 è caduto, privo di sensi").

Every system's ``add`` takes ``--gender f|m`` (the core adds it to the system's own
verb: :func:`with_gender`); the name's gender is recorded on ``CombatantAdded`` and
kept on the combatant. Nothing of the rules reads it. A name given no gender reads in
the language's default (the masculine in Italian, as the language writes an unknown
subject), and every sentence of the log is written so that a verb carries the news
("Bruna cade", "Orc 1 muore", "i goblin fuggono"), an adjective only where the
gender is known or the word has one form ("barcollante", "morente", "stabile").
"""

from __future__ import annotations

from typing import Any

import msgspec

from battletape.domain.errors import BadInput
from battletape.domain.words import N_

GENDERS = {"f": "f", "m": "m", "feminine": "f", "masculine": "m", "femminile": "f",
           "maschile": "m"}
#: the parameters the core adds to a system's ``add`` (not in the system's order)
CORE_PARAMS = ("gender",)
HELP = N_("The name's grammatical gender in the Italian sentences: f or m (default m).")


def gender_of(text: str | None) -> str:
    """``f``, ``m`` (their English and Italian names accepted), or "" for none."""
    if text is None or not text.strip():
        return ""
    found = GENDERS.get(text.strip().lower())
    if found is None:
        raise BadInput("--gender", text, N_("f or m"))
    return found


def with_gender(verb: Any) -> Any:
    """A system's ``add`` with ``--gender``: the creatures it adds carry it."""
    from battletape.domain import events as ev
    from battletape.domain.verbs import opt

    if any(p.name == "gender" for p in verb.params):
        return verb
    run = verb.run

    def decide(services: Any, gender: str | None = None, **values: Any):
        chosen = gender_of(gender)
        decided = run(services, **values)
        if not chosen:
            return decided

        def with_it(state, rng):
            return [msgspec.structs.replace(e, gender=chosen)
                    if isinstance(e, ev.CombatantAdded) else e
                    for e in decided(state, rng)]
        return with_it

    decide.order = getattr(run, "order", None)  # type: ignore[attr-defined]
    decide.__wrapped__ = run  # type: ignore[attr-defined]  # the system's own decision
    decide.__name__ = getattr(run, "__name__", "add")
    return verb._replace(run=decide, params=verb.params + (
        opt("gender", str, None, help=HELP),))
