"""Where the rule systems are: the packages that hold one, found, not listed.

A rule system is a package with a ``system.py``: each one under ``domain/``, and any
package that ``BATTLETAPE_SYSTEMS`` names (a system kept outside battletape). This
module only finds them and reads the modules they keep by convention (``events.py``,
``state.py``); what a system declares is ``domain/systems.py``'s. The core's events
and state read it to build their unions, so it imports nothing of the domain.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import import_module
from typing import Any

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

#: more system packages, kept outside battletape (a plug-in, the tests' tiny system):
#: their dotted names, separated by commas, read once per process
PLUGINS_VARIABLE = "BATTLETAPE_SYSTEMS"


def plugins() -> tuple[str, ...]:
    """The packages ``BATTLETAPE_SYSTEMS`` names (``tests.systems.duel``)."""
    return tuple(p.strip() for p in os.environ.get(PLUGINS_VARIABLE, "").split(",")
                 if p.strip())


def _holds(folder: str, module: str) -> bool:
    return (os.path.isfile(os.path.join(folder, "system.py"))
            and os.path.isfile(os.path.join(folder, f"{module}.py")))


@cache
def packages(module: str = "system") -> tuple[str, ...]:
    """The dotted names of the packages that hold a rule system (a ``system.py``) and
    the module ``module`` (``system``, ``state``, …): those under ``domain/``, found,
    not listed, sorted; then those ``BATTLETAPE_SYSTEMS`` names, in its order."""
    from importlib.util import find_spec

    from battletape import domain

    found = sorted({f"{__package__}.{entry.name}"
                    for folder in domain.__path__ if os.path.isdir(folder)
                    for entry in os.scandir(folder)
                    if entry.is_dir() and _holds(entry.path, module)})
    for name in plugins():
        try:
            spec = find_spec(name)
        except ImportError:  # a parent package that is not on the path
            spec = None
        folders = list(spec.submodule_search_locations or []) if spec else []
        if not folders:
            raise BadInput(PLUGINS_VARIABLE, name, N_("the dotted name of a package "
                           "holding a rule system (a system.py)"))
        if any(_holds(f, module) for f in folders) and name not in found:
            found.append(name)
    return tuple(found)


def folders() -> list[str]:
    """The folders of every system package (the analytics' version cache keys on
    their modules)."""
    from importlib.util import find_spec

    out = []
    for name in packages():
        spec = find_spec(name)
        out += list(spec.submodule_search_locations or []) if spec else []
    return out


def declared(module: str, name: str) -> list:
    """``name`` of every system package's ``module`` (``events``: ``EVENTS``), in the
    packages' order; a package without it declares nothing."""
    return [getattr(import_module(f"{package}.{module}"), name)
            for package in packages(module)
            if hasattr(import_module(f"{package}.{module}"), name)]


def system_events() -> list[type]:
    """The events every system declares beyond the core's (for the one union)."""
    return [cls for events in declared("events", "EVENTS") for cls in events]


@cache
def system_extra() -> dict[str, dict[str, Any]]:
    """The fields the systems record in the ``extra`` of the core's events, with
    their defaults, by tag (``EXTRA`` in a system's events module)."""
    out: dict[str, dict[str, Any]] = {}
    for extra in declared("events", "EXTRA"):
        for tag, fields in extra.items():
            out.setdefault(tag, {}).update(fields)
    return out


def system_upcasts() -> dict[str, list]:
    """The upcasts of older stored events every system declares (``UPCASTS`` in its
    events module: {tag: function of the event's plain dict}), by tag."""
    out: dict[str, list] = {}
    for upcasts in declared("events", "UPCASTS"):
        for tag, f in upcasts.items():
            out.setdefault(tag, []).append(f)
    return out
