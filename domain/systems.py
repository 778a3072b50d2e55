"""Rule systems behind one interface: 13th Age now, 5e and 3.5e to follow."""

from __future__ import annotations

from domain.errors import BadInput, NotYetSupported

SYSTEMS = {"13a": "13th Age (Archmage Engine SRD)",
           "5e": "D&D 5e SRD (Giocare)",
           "3.5e": "D&D 3.5 (Sigil digest)"}


def get(system: str) -> str:
    """The system id if battletape can run it, else a clear error."""
    if system not in SYSTEMS:
        raise BadInput("system", system, "13a, 5e or 3.5e")
    if system != "13a":
        raise NotYetSupported(f"the {SYSTEMS[system]} rules are not yet supported; "
                              "use --system 13a")
    return system
