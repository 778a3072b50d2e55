"""Events: frozen msgspec structs in one tagged union; facts in the past tense.

Every event carries its stream position (``originator_version``), the id of its
encounter (``originator_id``), who recorded it, when, the position of the first event
of the command that produced it (``cmd``) and a schema version. New fields get
defaults and go at the end; a tag never changes.
"""


import re
from datetime import datetime, timezone
from typing import Any, Union
from uuid import UUID

import msgspec

from battletape.domain.patterns import pattern

# The layout of the events written today. 2: the fields only one rule system
# records moved into ``extra`` (13th Age's escalation die, resistance's fake roll,
# ...): a stored event of layout 1 is upcast as it is read (the systems' ``UPCASTS``,
# applied by ``decoder``).
SCHEMA = 2
# The edition of battletape's rules an encounter is decided under. Edition 2: the GM's
# last word and the 13th Age audit (issue 12): an attack without --kind no longer
# engages, one action of each kind, ... A command recorded under an earlier edition
# may decide otherwise today: `verify` says so without calling it an alteration.
# Edition 3: a GM's evening (issue 23): every mook of a 13th Age mob acts in the mob's
# turn; a stable 3.5 creature takes no turns, and `next` rolls a dying monster's d100.
# Edition 4: a hidden 5e attacker has advantage from the state (5E-ATK-04).
RULES_EDITION = 4
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_NIL = UUID(int=0)


class Roll(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A roll: its expression, every natural face, the modifier and the total.

    ``source`` is ``typed`` for physical dice typed by the GM, ``virtual`` for dice
    rolled by battletape from the encounter's recorded seed.
    """

    expr: str
    faces: list[int] = []
    sides: list[int] = []
    modifier: int = 0
    total: int = 0
    source: str = "typed"

    @property
    def natural(self) -> int:
        return self.faces[0] if self.faces else self.total - self.modifier


#: fields added to an event after stores already held it, that only record what a
#: decision read (not what it decided): {event class name: field names; "extra.KEY"
#: for a key of its ``extra``}. An event stored before the field existed reads its
#: default; deciding it again (verify, ripple) fills it in, which is not a different
#: decision (replay.ripple compares them only where the stored event has one). Systems
#: add their own events' fields here.
ADDED_LATER: dict[str, tuple[str, ...]] = {}


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag=True):
    """Base of every recorded fact."""

    originator_id: UUID = _NIL
    originator_version: int = 0
    timestamp: datetime = _EPOCH
    by: str = ""
    cmd: int = 0
    schema: int = SCHEMA
    command: str = ""


# --- set-up -------------------------------------------------------------------------

class EncounterStarted(Event, kw_only=True):
    name: str
    system: str = "13a"
    campaign: str = "default"
    seed: int | None = None
    options: dict[str, bool] = {}
    branched_from: str | None = None
    branched_at: int | None = None
    # provably fair virtual dice (domain/fair_dice.py): the SHA-256 of the secret the
    # virtual dice come from, and what players added to it (``new --player-seed``)
    dice_commitment: str | None = None
    player_seeds: list[str] = []
    rules_edition: int = 1  # RULES_EDITION when started (older stores: 1)


class CombatantAdded(Event, kw_only=True):
    """A creature joins. What only its rule system knows of it is in ``stats`` (an
    older store's fields of a system are moved there as it is read: the system's
    ``UPCASTS``, applied by ``decoder``)."""

    name: str
    max_hp: int
    hp: int
    group: str | None = None
    pc: bool = False
    ac: int = 10
    init_bonus: int = 0
    level: int = 1
    carried_from: str | None = None
    stats: dict[str, Any] = {}  # the rule system's own statistics (5e: saves, ...)
    #: the name's grammatical gender in the sentences ("f", "m"; "" says nothing):
    #: Italian agrees a word with it ("Bruna è caduta, priva di sensi")
    gender: str = ""


class InitiativeRolled(Event, kw_only=True):
    names: list[str]
    group: str | None = None
    roll: Roll


class SurpriseDeclared(Event, kw_only=True):
    """Ambushes and Surprise: only these creatures act in the ambush round."""

    actors: list[str]
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: advance_escalation)


class RoundStarted(Event, kw_only=True):
    round: int
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: escalation_die)


class TurnStarted(Event, kw_only=True):
    name: str
    round: int


class TurnEnded(Event, kw_only=True):
    name: str


class Delayed(Event, kw_only=True):
    name: str


class Readied(Event, kw_only=True):
    name: str
    trigger: str
    action: str = ""
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: what is readied)


class DelayedActionTaken(Event, kw_only=True):
    name: str
    after: str
    initiative: int


class ReadiedActionTaken(Event, kw_only=True):
    name: str
    before: str
    initiative: int


# --- attacks and damage ---------------------------------------------------------------

class AttackResolved(Event, kw_only=True):
    attacker: str
    target: str
    defense: str
    defense_value: int
    roll: Roll
    natural: int
    bonus: int
    modifiers: dict[str, int] = {}
    total: int
    crit_range: int = 20
    hit: bool
    crit: bool = False
    fumble: bool = False
    concealment: Roll | None = None
    concealed_miss: bool = False
    damage_roll: Roll | None = None
    damage_type: str | None = None
    multiplier: int = 1
    resistance: int | None = None
    half: bool = False
    immune: bool = False
    damage: int = 0
    kind: str = "melee"
    tags: list[str] = []
    rerolled_from: int | None = None
    ongoing: int = 0
    action: str = ""
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: escalation bonus)


class DamageTaken(Event, kw_only=True):
    target: str
    amount: int
    damage_type: str | None = None
    resistance: int | None = None
    natural: int | None = None
    half: bool = False
    immune: bool = False
    rolled: int = 0
    source: str = "direct"
    knock_out: bool = False  # brought to 0 hp, knocked out rather than slain
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: the fake roll)


class Healed(Event, kw_only=True):
    target: str
    amount: int
    source: str = "direct"
    roll: Roll | None = None  # the dice of a healing typed as dice notation (heal X 2d4+2)


class TempHpGained(Event, kw_only=True):
    target: str
    amount: int


class FreeRolled(Event, kw_only=True):
    roll: Roll
    roller: str | None = None
    purpose: str = ""


class RulingRecorded(Event, kw_only=True):
    """A GM's call: where the rules leave one, or (``overrode`` set) a refusal of a
    rule overridden with ``--force`` (``text`` is the GM's reason)."""

    text: str
    rule: str | None = None
    overrode: str | None = None


# --- conditions, ongoing damage and saves ---------------------------------------------

class ConditionApplied(Event, kw_only=True):
    name: str
    condition: str
    save: str | None = None
    until: str | None = None
    source: str | None = None
    turn_ends: int = 0
    mods: dict[str, int] = {}   # a named effect's modifiers (attack, ac, pd, md, save)
    turn_of: str | None = None  # its turn-end duration counts this creature's turns


class ConditionRemoved(Event, kw_only=True):
    name: str
    condition: str
    reason: str = ""


class OngoingDamageApplied(Event, kw_only=True):
    name: str
    amount: int
    damage_type: str | None = None
    save: str = "normal"
    natural: int | None = None
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: nonmagical, fake roll)


class SaveRolled(Event, kw_only=True):
    name: str
    against: str
    difficulty: str
    target: int
    roll: Roll
    success: bool
    ends: str | None = None  # the condition a success ends, where against names no condition


class OngoingDamageEnded(Event, kw_only=True):
    name: str
    index: int
    reason: str = ""


# --- position -------------------------------------------------------------------------

class Engaged(Event, kw_only=True):
    a: str
    b: str
    how: str = "engage"
    action: str = ""


class DisengageAttempted(Event, kw_only=True):
    name: str
    foes: list[str]
    roll: Roll
    penalty: int
    target: int = 11
    success: bool
    action: str = ""


class Moved(Event, kw_only=True):
    name: str
    where: str
    left: list[str] = []
    provoked: list[str] = []
    teleport: bool = False
    action: str = ""


# --- death and dying ------------------------------------------------------------------

class DeathSaveRolled(Event, kw_only=True):
    name: str
    roll: Roll
    success: bool
    acts: bool = False
    recovery: Roll | None = None


class StabilizeAttempted(Event, kw_only=True):
    name: str
    helper: str
    roll: Roll
    success: bool
    quick: bool = False
    action: str = ""


class EncounterEnded(Event, kw_only=True):
    outcome: str
    campaign_loss: bool = False


class CombatantLeft(Event, kw_only=True):
    """A creature left the fight (every system: domain.leaving): ``how`` is ``fled``
    or ``surrendered``; the battle goes on without it."""

    name: str
    how: str = "fled"


class NoteRecorded(Event, kw_only=True):
    """A remark at a position (``note [P] TEXT``): the GM's or a player's comment on
    the event at ``at``, changing nothing in the state. ``author``: who made the
    remark when it is not who recorded it (``--by NAME``); empty, the recorder."""

    text: str
    at: int
    author: str = ""


# --- corrections (replay/ interprets them) -------------------------------------------

class CommandRetracted(Event, kw_only=True):
    """An undo: the command whose first event is at ``target`` is void."""

    target: int
    reason: str = ""
    kind: str = "table-error"


class CommandRestored(Event, kw_only=True):
    """A redo: the retraction at ``retraction`` is itself void."""

    retraction: int
    reason: str = ""


class Rewound(Event, kw_only=True):
    """Every event after ``to`` and before this one is void."""

    to: int
    reason: str = ""
    kind: str = "rules-error"
    #: the position of the DisputeRaised this rewind settles (``--dispute``), if any
    dispute: int | None = None


class CommandAmended(Event, kw_only=True):
    """The command whose first event is at ``target`` is replaced by ``replacement``,
    decided again by the rules from corrected inputs (``changes``)."""

    target: int
    replacement: "list[EncounterEvent]"
    changes: dict[str, str] = {}
    reason: str = ""
    kind: str = "rules-error"
    replaced: str = ""
    #: the position of the DisputeRaised this amendment settles (``--dispute``), if any
    dispute: int | None = None


class DisputeRaised(Event, kw_only=True):
    """A player flags the event at ``target``, optionally quoting a seed section."""

    target: int
    reason: str
    player: str
    quote: str | None = None


class DisputeResolved(Event, kw_only=True):
    dispute: int
    outcome: str
    note: str = ""


class AcceptedRipple(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a ripple report as the GM read it."""

    position: int
    command: str
    why: str


class RippleAccepted(Event, kw_only=True):
    """The GM has reviewed the ripple report and lets these later commands stand."""

    ripples: list[AcceptedRipple] = []
    note: str = ""


# --- the campaign stream ---------------------------------------------------------------

class CampaignStarted(Event, kw_only=True):
    name: str
    gms: list[str] = []
    bound: dict[str, str] = {}  # a GM's name -> the identity (OS user, DB role) it is


class EncounterRegistered(Event, kw_only=True):
    name: str
    encounter_id: UUID
    campaign: str = "default"
    system: str = "13a"
    branched_from: str | None = None


class EncounterSelected(Event, kw_only=True):
    """The index: the GM made ``name`` the current encounter (``use NAME``, ``branch
    … --switch``); a later encounter started (not a what-if) is current again."""

    name: str


class GmAdded(Event, kw_only=True):
    """Roles: a campaign lists its GMs; whoever creates it is the first. ``user``
    binds the name to an identity (an OS user or a database role); a GM already
    listed may be added again to bind it."""

    name: str
    user: str | None = None


# --- provably fair virtual dice (domain/fair_dice.py) ----------------------------------

class DiceCommitted(Event, kw_only=True):
    """A new secret for the virtual dice from here on, known only by its SHA-256 (an
    imported or branched encounter, or one whose earlier secret was revealed)."""

    commitment: str


class DiceContributed(Event, kw_only=True):
    """A player's value mixed into the dice secret before its first roll, so that no
    GM chooses the dice alone."""

    name: str
    value: str


class DiceRevealed(Event, kw_only=True):
    """The secret behind ``commitment``, published: every virtual roll made from it
    can now be derived again by anyone (``battletape verify``)."""

    commitment: str
    secret: str


# --- stat blocks and saved attacks (domain/stat_blocks.py) -----------------------------

class StatBlockSaved(Event, kw_only=True):
    """A stat block loaded into the campaign (``bestiary add FILE``): a creature's or
    PC's statistics, as options of the system's ``add``, and its saved attacks, each
    as options of the system's ``attack`` plus its triggers."""

    key: str
    system: str
    name: str
    stats: dict[str, Any] = {}
    attacks: dict[str, dict[str, Any]] = {}
    source: str = ""


class SheetKept(Event, kw_only=True):
    """A campaign's party: a PC's sheet, as options of the system's ``add`` (``party
    add``, ``party update``, ``add NAME --pc`` typed whole or with ``--update``); a
    later battle's ``add NAME --pc`` takes it (domain/party.py)."""

    name: str
    system: str
    stats: dict[str, Any] = {}
    removed: bool = False


class StatBlockUsed(Event, kw_only=True):
    """``add NAME --from KEY``: the stat block copied into the encounter for the
    combatants it made, so the encounter holds its saved attacks by itself."""

    key: str
    names: list[str]
    stats: dict[str, Any] = {}
    attacks: dict[str, dict[str, Any]] = {}


class SavedAttackUsed(Event, kw_only=True):
    """``attack A T NAME``: the saved attack taken, its triggers, and which of them
    the natural rolls set off (``Vex: natural even hit: ...``)."""

    attacker: str
    attack: str
    values: dict[str, Any] = {}
    triggers: list[str] = []
    fired: list[str] = []


CORE_ENCOUNTER_EVENTS = (
    EncounterStarted, CombatantAdded, InitiativeRolled, SurpriseDeclared, RoundStarted,
    TurnStarted, TurnEnded, Delayed, Readied, DelayedActionTaken, ReadiedActionTaken,
    AttackResolved, DamageTaken, Healed, TempHpGained, FreeRolled, RulingRecorded,
    ConditionApplied, ConditionRemoved, OngoingDamageApplied, SaveRolled,
    OngoingDamageEnded, Engaged, DisengageAttempted, Moved, DeathSaveRolled,
    StabilizeAttempted, EncounterEnded, CommandRetracted, CommandRestored, Rewound,
    CommandAmended, DisputeRaised, DisputeResolved, RippleAccepted, DiceCommitted,
    DiceContributed, DiceRevealed, StatBlockUsed, SavedAttackUsed,
    CombatantLeft, NoteRecorded,
)
CampaignEvent = Union[
    CampaignStarted, EncounterRegistered, GmAdded, StatBlockSaved, EncounterSelected,
    SheetKept,
]

encoder = msgspec.json.Encoder()

# Each rule system declares the events only it emits (domain/<system>/events.py); they
# join the one tagged union, so a stored event of any system decodes anywhere. The
# union is made on first use (PEP 562), once every module is whole: a system's events
# module may then be imported before or after this one.
_UNION_NAMES = ("SYSTEM_EVENTS", "EncounterEvent", "AnyEvent", "decoder", "EVENT_TYPES")


_encode = msgspec.json.Encoder().encode


# an event's layout, ``"schema":N``: its own comes first (its base's field)
_LAYOUT_BYTES = re.compile(rb'"schema":(\d+)').search
_LAYOUT_TEXT = pattern(r'"schema":(\d+)')  # in a str: compiled on first use


class UpcastingDecoder:
    """msgspec's decoder of the union, which first hands a stored event of an older
    layout to the upcasts the rule systems declare (``UPCASTS`` in their events
    module: {tag: function of the event's plain dict}), its amendments' replacements
    included. Only an event written before today's layout (``SCHEMA``) whose bytes
    name an upcast tag takes that slower path."""

    def __init__(self, union: Any, upcasts: dict[str, list]) -> None:
        self._plain = msgspec.json.Decoder(union).decode
        self._upcasts = upcasts
        tags = "|".join(re.escape(f'"{tag}"') for tag in upcasts)
        self._bytes = (_LAYOUT_BYTES, re.compile(tags.encode()).search)
        self._text = (_LAYOUT_TEXT.search, re.compile(tags).search)

    def decode(self, data: bytes | str) -> Any:
        if type(data) is bytes:
            schema, names = self._bytes
        elif isinstance(data, str):
            schema, names = self._text
        else:  # a memoryview, a bytearray
            return self.decode(bytes(data))
        # an event of today's layout (its replacements' too) decodes as it is
        layout = schema(data)
        if (layout is not None and int(layout[1]) >= SCHEMA) or names(data) is None:
            return self._plain(data)
        # encoded again and decoded: msgspec.convert of the union costs ~100x more
        return self._plain(_encode(self._upcast(msgspec.json.decode(data))))

    def _upcast(self, raw: dict) -> dict:
        for f in self._upcasts.get(raw.get("type"), ()):
            raw = f(raw)
        if isinstance(raw.get("replacement"), list):
            raw["replacement"] = [self._upcast(r) for r in raw["replacement"]]
        return raw


# an event's tag, where msgspec writes it: first
_TAG_BYTES = re.compile(rb'\{"type":"([^"]+)"').match
_TAG_TEXT = pattern(r'\{"type":"([^"]+)"')


class LoadedSystemsDecoder:
    """The decoder a command starts with: the core's events and those of the rule
    systems already loaded (the encounter's own, imported when its registration is
    read), so a recording command never imports another system. It decodes each event
    with a decoder of the event's own class, made the first time that class is met (a
    command reads a dozen kinds; a decoder of the hundred it might meet costs more than
    the rest of its reading), and a long read, past ``ONE_BY_ONE`` events, with one
    decoder of the union of every loaded class. An event it cannot read (another
    system's, an amendment, whose replacements may be any system's, or one of an older
    layout, which every system's upcasts may concern) hands it, for good, to the
    decoder of the one union of every system's events."""

    ONE_BY_ONE = 2000

    def __init__(self) -> None:
        self._kinds: dict[Any, Any] = {}  # a tag (as the data spells it) -> its decode
        self._classes: dict[str, type] = {}
        self._union: Any = None
        self._left = self.ONE_BY_ONE
        self._full: Any = None

    def decode(self, data: bytes | str) -> Any:
        if self._full is not None:
            return self._full(data)
        if type(data) is not bytes and not isinstance(data, str):
            data = bytes(data)  # a memoryview, a bytearray
        is_bytes = type(data) is bytes
        layout = (_LAYOUT_BYTES if is_bytes else _LAYOUT_TEXT.search)(data)
        if layout is not None and int(layout[1]) >= SCHEMA:
            decode = self._union or self._kind(data, is_bytes)
            if decode is not None:
                try:
                    return decode(data)
                except msgspec.ValidationError:
                    pass
        self._full = _full_union("decoder").decode
        return self._full(data)

    def _kind(self, data: bytes | str, is_bytes: bool) -> Any:
        """The decode of ``data``'s class (None: no loaded class has its tag)."""
        self._left -= 1
        if self._left < 0:  # a long read: one decoder of the whole loaded union
            self._union = msgspec.json.Decoder(Union[tuple(self._loaded().values())]
                                               ).decode
            return self._union
        found = (_TAG_BYTES if is_bytes else _TAG_TEXT.match)(data)
        tag = found[1] if found is not None else None
        decode = self._kinds.get(tag)
        if decode is None:
            name = tag.decode() if is_bytes and tag is not None else tag
            cls = self._classes.get(name) or self._loaded().get(name)
            if cls is None:
                return None
            decode = self._kinds[tag] = msgspec.json.Decoder(cls).decode
        return decode

    def _loaded(self) -> dict[str, type]:
        """The classes it reads, by tag: the core's and the loaded systems' (read again
        when a tag is not among them: a system loaded since)."""
        import sys

        from battletape.domain.registry import packages

        found = tuple(cls for package in packages("events")
                      if f"{package}.events" in sys.modules
                      for cls in getattr(sys.modules[f"{package}.events"], "EVENTS", ()))
        core = tuple(c for c in CORE_ENCOUNTER_EVENTS if c is not CommandAmended)
        self._classes = {cls.__struct_config__.tag: cls
                         for cls in core + found + CampaignEvent.__args__}
        return self._classes


def _full_union(name: str) -> Any:
    if "EVENT_TYPES" not in globals():
        from battletape.domain.registry import system_events, system_upcasts

        found = tuple(system_events())
        union = Union[CORE_ENCOUNTER_EVENTS + found]  # type: ignore[valid-type]
        any_event = Union[union, CampaignEvent]
        globals().update(  # CommandAmended's replacements are EncounterEvents: first
            SYSTEM_EVENTS=found, EncounterEvent=union, AnyEvent=any_event,
            EVENT_TYPES={cls.__name__: cls for cls in any_event.__args__})
        upcasts = system_upcasts()
        globals()["_FULL_DECODER"] = (UpcastingDecoder(any_event, upcasts) if upcasts
                                      else msgspec.json.Decoder(any_event))
    return globals()["_FULL_DECODER" if name == "decoder" else name]


def __getattr__(name: str):
    if name == "decoder":  # a process's one decoder, widened when it must be
        globals()["decoder"] = LoadedSystemsDecoder()
        return globals()["decoder"]
    if name not in _UNION_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _full_union(name)


CORRECTIONS = (CommandRetracted, CommandRestored, Rewound, CommandAmended, DisputeRaised,
               DisputeResolved, RippleAccepted)


def to_builtins(event: Event) -> dict:
    """The event as plain JSON-ready values (what `log --json` prints)."""
    return msgspec.to_builtins(event)

