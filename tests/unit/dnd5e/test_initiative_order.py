"""5e SRD (seed 002), Giocare: Iniziativa — Ordine di Iniziativa and Pareggi: the order
is highest initiative first; a tie the GM or the players decided (``tiebreak``) goes in
the decided order, the undecided after it in entry order. ``ordered`` computes it
without a Python call per creature; this checks it against that definition."""

from hypothesis import given, settings, strategies as st

from battletape.domain.dnd5e.initiative import ordered
from battletape.domain.state import Combatant, EncounterState

NAMES = [f"C{i}" for i in range(12)]


@settings(max_examples=300, deadline=None)
@given(initiatives=st.lists(st.one_of(st.none(), st.integers(-5, 30)),
                            min_size=1, max_size=len(NAMES)),
       ranks=st.dictionaries(st.sampled_from(NAMES + ["gone"]),
                             st.sampled_from([0, 1, 2, 3, 999, 1000, 1001, 4095, 5000,
                                              -1])))
def test_5E_INI_04_05_highest_first_then_decided_ties_then_entry_order(initiatives,
                                                                        ranks):
    state = EncounterState(system="5e", combatants={
        n: Combatant(name=n, max_hp=10, hp=10, initiative=i)
        for n, i in zip(NAMES, initiatives)})
    if ranks:
        state.extra["tiebreak"] = ranks
    entries = [(n, i) for n, i in zip(NAMES, initiatives) if i is not None]
    expected = [n for n, i in sorted(entries, key=lambda e: (
        -e[1], ranks.get(e[0], 1000), entries.index(e)))]
    assert ordered(state) == expected
