"""D&D 5e SRD, the chapter "Giocare" in Italian (seed 002): one module per section."""
