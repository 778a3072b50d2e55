"""Duel's log lines, in English and Italian."""

from __future__ import annotations

from tests.systems.duel.events import GuardRaised, Struck

_LINES = {
    "en": {"guard": "{name} raises a guard of {amount}",
           "hit": "{attacker} strikes {target}: natural {natural}, hit for {damage}",
           "guarded": " ({guarded} stopped by the guard)",
           "miss": "{attacker} strikes {target}: natural {natural}, miss"},
    "it": {"guard": "{name} alza una guardia di {amount}",
           "hit": "{attacker} colpisce {target}: naturale {natural}, a segno per {damage}",
           "guarded": " ({guarded} fermati dalla guardia)",
           "miss": "{attacker} colpisce {target}: naturale {natural}, mancato"},
}


def describe(e, lang: str = "en") -> str | None:
    lines = _LINES.get(lang, _LINES["en"])
    match e:
        case GuardRaised():
            return lines["guard"].format(name=e.name, amount=e.amount)
        case Struck():
            values = dict(attacker=e.attacker, target=e.target,
                          natural=e.roll.faces[0] if e.roll.faces else e.roll.total,
                          damage=e.damage, guarded=e.guarded)
            line = lines["hit" if e.hit else "miss"].format(**values)
            return line + (lines["guarded"].format(**values) if e.guarded else "")
    return None
