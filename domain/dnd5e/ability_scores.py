"""5e SRD (seed 002), Giocare: Le sei caratteristiche (The Six Abilities) and Competenza
(Proficiency).

Punteggi di caratteristica: 1 to 30 ("30 è il massimo assoluto"); a score of 0 only
comes from an effect, which "spiega cosa accade", so it is not accepted as input.
Modificatori: the seed's table, which ``floor((score - 10) / 2)`` reproduces; Arrotondare
per difetto: every division rounds down. Bonus di competenza by level or Challenge
Rating: "Fino a 4" +2, then +1 every four (fractional CRs are "fino a 4"). The bonus
is added once to a roll however many proficiencies apply, and is multiplied once and
divided once at most.
"""

from __future__ import annotations

from fractions import Fraction

from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.dnd5e.terms import ability

MIN_SCORE, MAX_SCORE = 1, 30


def modifier(score: int) -> int:
    """Modificatori di caratteristica: 10-11 -> +0, 1 -> -5, 30 -> +10."""
    if not MIN_SCORE <= score <= MAX_SCORE:
        raise BadInput("ability score", score, '{MIN_SCORE}..{MAX_SCORE}', MIN_SCORE=MIN_SCORE, MAX_SCORE=MAX_SCORE)
    return (score - 10) // 2


def round_down(value: Fraction | float | int) -> int:
    """Arrotondare per difetto: "anche se è pari o superiore a un mezzo"."""
    import math

    return math.floor(value)


def proficiency_bonus(level_or_cr: int | Fraction) -> int:
    """Bonus di competenza: up to 4 -> +2; 5-8 -> +3; ... 29-30 -> +9."""
    if level_or_cr < 0 or level_or_cr > 30:
        raise BadInput("level or challenge rating", level_or_cr, "0..30")
    if level_or_cr <= 4:
        return 2
    return 2 + (int(level_or_cr) - 1) // 4


def parse_cr(text: str) -> Fraction:
    """``1/2`` -> Fraction(1, 2); ``5`` -> 5."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BadInput("challenge rating", text,
                       N_("0, 1/8, 1/4, 1/2 or 1..30")) from None
    if value < 0 or value > 30 or (value > 1 and value.denominator != 1):
        raise BadInput("challenge rating", text, N_("0, 1/8, 1/4, 1/2 or 1..30"))
    return value


def parse_pairs(items: list[str], what: str, low: int, high: int) -> dict[str, int]:
    """``dex:+3`` items -> {"dex": 3}; the ability must be one of the six."""
    out: dict[str, int] = {}
    for item in items:
        for part in item.split(","):
            key, sep, value = part.partition(":")
            if not sep:
                raise BadInput(what, part, N_("ABILITY:N, e.g. dex:+3"))
            abil = ability(key, what)
            try:
                number = int(value)
            except ValueError:
                raise BadInput(what, part, N_("ABILITY:N, e.g. dex:+3")) from None
            if not low <= number <= high:
                raise BadInput(what, part,
                               N_("a number from {low} to {high}"), low=low, high=high)
            out[abil] = number
    return out


def applied_proficiency(prof: int, sources: list[str], multiply: int = 1,
                        multipliers: int = 0, divisions: int = 0) -> int:
    """Il bonus non si accumula: once per roll however many ``sources`` apply; it may
    be multiplied once (Expertise) and divided once (``divisions``), never twice -- a
    refusal a GM may force ("Le eccezioni superano le regole generali": a feature that
    says otherwise), and then each multiplication and division applies."""
    for what, times in (("--expertise", multipliers), ("--half-prof", divisions)):
        if times < 0:
            raise BadInput(what, times, N_("0 or more (how many times the proficiency "
                           "bonus is doubled or halved)"))
    if multipliers > 1:
        refuse(N_("the proficiency bonus is multiplied only once"),
               "Competenza: il bonus non si accumula")
    if divisions > 1:
        refuse(N_("the proficiency bonus is divided only once"),
               "Competenza: il bonus non si accumula")
    if not sources:
        return 0
    value = prof * multiply ** multipliers
    return value // 2 ** divisions
