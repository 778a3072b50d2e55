"""An export written before 13th Age's statistics moved into ``CombatantAdded.stats``
(PD, MD, recoveries, ... as fields of the event, chained as that version encoded them)
imports as the same events as today's export of the same battle."""

from __future__ import annotations

import hashlib

import msgspec

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.domain.thirteenth_age import events as te
from battletape.projections.views import state_view
from battletape.replay import export, history
from tests.helpers import cli


class _Line(msgspec.Struct, kw_only=True):
    position: int
    chain: str
    event: msgspec.Raw
    sig: str = ""


_OLD = ("pd", "md", "recoveries", "recovery_die", "con_mod", "resist", "penalty",
        "lasting_wounds")


def _as_then(e: ev.Event) -> bytes:
    """``e`` as layout 1 wrote it: 13th Age's statistics and fields its own."""
    data = msgspec.to_builtins(e)
    data["schema"] = 1
    if isinstance(e, ev.CombatantAdded):
        stats = data["stats"] = dict(data.pop("stats"))
        data.update({k: stats.pop(k) for k in _OLD if k in stats})
    elif type(e).__name__ in te.EXTRA:
        data.update({**te.EXTRA[type(e).__name__], **data.pop("extra")})
    return msgspec.json.encode(data)


def _old_export(events: list[ev.Event]) -> list[bytes]:
    header = next(iter(export.to_jsonl(events)))
    link = hashlib.sha256(header).hexdigest()
    lines = [header]
    for e in events:
        encoded = _as_then(e)
        link = hashlib.sha256(link.encode() + encoded).hexdigest()
        lines.append(msgspec.json.encode(_Line(position=e.originator_version, chain=link,
                                               event=msgspec.Raw(encoded))))
    return lines


def test_an_export_of_the_old_layout_imports_as_the_same_events(tmp_path):
    store = str(tmp_path / "bt.db")
    for line in ("new Bridge", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 "
                 "--level 3 --recovery-die d10 --con-mod 2",
                 "add Orc --hp 20 --ac 15 --pd 13 --md 10 --resist fire:16",
                 "init Bruna=15 Orc=9", "damage Bruna 12", "recover Bruna --roll 9"):
        assert cli(store, line).code == 0, line
    bt = Battletape(store, "test")
    try:
        events = bt.events("Bridge")
    finally:
        bt.close()
    lines = _old_export(events)
    assert b'"pd":14' in lines[2] and b'"stats":{}' in lines[2]  # as then
    [round_1] = [line for line in lines if b'"RoundStarted"' in line]
    assert b'"escalation_die":0' in round_1 and b'"extra"' not in round_1
    header, imported = export.from_jsonl(lines)
    today = [msgspec.structs.replace(e, schema=1) for e in events]
    assert imported == today
    before, after = history.state_at(events, len(events)), history.state_at(imported,
                                                                          len(imported))
    assert state_view(after) == state_view(before)
    assert state_view(after)["combatants"]["Bruna"]["pd"] == 14
