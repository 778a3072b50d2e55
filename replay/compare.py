"""Two positions compared: what `diff` prints and the replay page's compare shows."""

from __future__ import annotations

from typing import Sequence


def changes(va: dict, vb: dict, header: Sequence[str] = ()) -> list[dict]:
    """What differs between two `state --json` views: the encounter's keys (``header``:
    the system's own, such as 13th Age's escalation die), then each combatant's keys,
    names in order; a combatant in one view only as ``{"what": NAME, "a": bool, "b":
    bool}``."""
    out = []
    for key in ("round", "turn", *dict.fromkeys(header), "order", "ended"):
        if va.get(key) != vb.get(key):
            out.append({"what": key, "a": va.get(key), "b": vb.get(key)})
    for name in sorted(set(va["combatants"]) | set(vb["combatants"])):
        ca, cb = va["combatants"].get(name), vb["combatants"].get(name)
        if ca is None or cb is None:
            out.append({"what": name, "a": ca is not None, "b": cb is not None})
            continue
        for key in dict.fromkeys([*ca, *cb]):  # a key of one system only: None in the other
            if ca.get(key) != cb.get(key):
                out.append({"what": f"{name}.{key}", "a": ca.get(key), "b": cb.get(key)})
    return out
