"""battletape: record, correct, replay and analyse tabletop RPG battles.

As a library: ``bt = battletape.open(store)`` (see :mod:`battletape.api`). The API is
imported on first use, so ``import battletape`` stays cheap for the command line.
"""

__version__ = "0.1.0"

_API = ("open", "Client", "Encounter", "EncounterInfo", "Result")


def __getattr__(name: str):
    if name in _API:
        from battletape import api

        return getattr(api, name)
    raise AttributeError(f"module 'battletape' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
