"""battletape: record, correct, replay and analyse tabletop RPG battles."""

__version__ = "0.1.0"
