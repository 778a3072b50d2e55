"""Concetti Fondamentali (Basic Concepts): the Sigil community's policy on correcting a
combat — seed 003's first section, rules 35-POL-01..06 of rules/3.5e.md.

- 35-POL-01: a choice tactically wrong but correct under the rules is not an error and is
  never rewound (``--kind tactical`` refused, with the seed's reason).
- 35-POL-02: a retroactive correction needs an established rules error: ``rewind`` /
  ``amend`` with ``--kind rules-error`` record the GM who established it (``--as``) and
  the dispute they settle (``--dispute Q``).
- 35-POL-03: an objection raised in time is applied, not rewound: the disputed command is
  amended and the dispute resolved ``overturned``.
- 35-POL-04: a rules-error rewind goes back to just before the erroneous event.
- 35-POL-05: a rewind "slows play down a lot": the tracker warns (never refuses) when a
  rewind voids more than the erroneous command; ``ripple`` shows what an amendment changes.
- 35-POL-06: the DM may uphold a ruling without revealing a monster's ability
  (``resolve P upheld --note "rule not forgotten"``).

The core reads this through ``RuleSystem.correction_policy`` (domain/dnd35/system.py).
"""

from __future__ import annotations

from battletape.domain.corrections import CorrectionPolicy
from battletape.domain.words import N_

SOURCE = "seed 003, Concetti Fondamentali"

#: 35-POL-01, the seed's reason: "Le scelte tatticamente sbagliate ma regolisticamente
#: corrette … non sono considerate errori e non possono mai essere riavvolte."
TACTICAL = ("a choice that is tactically wrong but correct under the rules is not "
            "considered an error and can never be rewound")

#: the policy in a few plain lines (their Italian in 3.5's catalogue)
LINES = (
    N_("Correction policy (seed 003, Concetti Fondamentali):"),
    N_("- kinds of correction: rules-error (an established violation of the rules, "
       "fixed with `amend` or `rewind`), table-error (a slip at the table: a misread "
       "die, a wrong name); tactical is refused."),
    N_("- a choice tactically wrong but correct under the rules is not an error: it is "
       "never rewound."),
    N_("- an objection raised in time (about the last command) is applied by amending "
       "that command, without rewinding."),
    N_("- a rewind goes back to just before the erroneous event and is used as little "
       "as possible (extreme cases, such as a PC killed by an irregular effect)."),
    N_("- the DM may uphold a ruling without revealing a monster's ability "
       "(\"rule not forgotten\")."),
)

POLICY = CorrectionPolicy(source=SOURCE, tactical=TACTICAL, lines=LINES,
                          package="battletape.domain.dnd35", warn_wide_rewinds=True,
                          in_time_hint=True)
