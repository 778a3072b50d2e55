"""The 13th Age Archmage Engine SRD, Combat Rules (seed 004; Italian: seed 000).

One module per section of the chapter, named after its heading.
"""
