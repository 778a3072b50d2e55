"""D&D 3.5 as the Sigil community's digest states it (seed 003): one module per section."""
