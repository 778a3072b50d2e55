"""At 80 columns and in plain sentences (issue 23 point 10): no table header wraps
inside a word, play's toolbar keeps its `?` and `q`, a replay line keeps its result
and `[voided]`, `stats` names its columns in full; a status word appears once;
sentences read as a person writes them; `diff` says values as the log does. In
English and Italian."""

from __future__ import annotations

import io
import re

import pytest

from tests.helpers import ok


def _rendered(renderable, width: int = 80) -> str:
    from rich.console import Console

    out = io.StringIO()
    Console(width=width, file=out, color_system=None).print(renderable)
    return out.getvalue()


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """The three bundled demos, played into one store."""
    store = str(tmp_path_factory.mktemp("demos") / "battletape.db")
    for system in ("13a", "5e", "3.5e"):
        ok(store, "demo", "--system", system, "--delay", "0")
    return store


def _header_words(text: str) -> list[str]:
    """The words of a state table's header: the lines between its title and its
    rule."""
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith("─"))
    start = next(i for i, line in enumerate(lines) if "(position" in line
                 or "(posizione" in line)
    return [w for line in lines[start + 1:rule] for w in line.split()]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("prefix", ["Demo: the bridge", "Demo: the crypt",
                                    "Demo: the alley"])
def test_no_state_header_wraps_inside_a_word_at_80_columns(demos, prefix, lang):
    from battletape.application import Battletape
    from battletape.render import _columns, state_table

    bt = Battletape(demos)
    try:
        state = bt.state(bt.select(prefix).name)
    finally:
        bt.close()
    text = _rendered(state_table(state, lang, 80))
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    labels = {w for label in _columns(state, lang) for w in label.split()}
    assert set(_header_words(text)) <= labels, (_header_words(text), labels)


def test_a_status_word_appears_once(demos):
    """The 5e demo ends with Theren at 0 hp: unconscious (status and condition), prone
    and incapacitated (which Unconscious brings and takes away)."""
    state = ok(demos, "-e", "Demo: the crypt", "state", "--json").json()
    theren = state["combatants"]["Theren"]
    assert theren["status"] == "unconscious"
    assert {"unconscious", "incapacitated", "prone"} <= set(theren["conditions"])
    from battletape.application import Battletape
    from battletape.render import state_table

    bt = Battletape(demos)
    try:
        crypt = bt.state(bt.select("Demo: the crypt").name)
    finally:
        bt.close()
    row = next(line for line in _rendered(state_table(crypt, "en", 80)).splitlines()
               if "Theren" in line)
    assert "unconscious, prone" in row  # at 80 columns: status and conditions in one
    for lang, status in (("en", "unconscious"), ("it", "privo di sensi")):
        for width in (80, 200):
            text = _rendered(state_table(crypt, lang, width), width)
            lines = text.splitlines()
            at = next(i for i, line in enumerate(lines) if "Theren" in line)
            row = " ".join(" ".join(lines[at:at + 2]).split())  # a wrapped row too
            assert row.count(status) == 1 and "incapac" not in row, row


def test_sentences_read_as_a_person_writes_them(sqlite_store):
    s = sqlite_store
    ok(s, "new Warren --campaign Kobolds --seed 2")
    ok(s, "add Bram --pc --hp 30 --ac 16 --pd 14 --md 12 --init 2")
    ok(s, "add Orc --hp 20 --ac 14 --pd 12 --md 10 --init 1 --count 2")
    ok(s, "add 'Dire Rat' --hp 10 --ac 12 --pd 12 --md 10 --init 0 --count 2")
    ok(s, "init Bram=12 Orc=10 'Dire Rat'=5")
    flees = ok(s, "cond add 'Dire Rat 1' fled").out
    assert flees.rstrip().endswith("Dire Rat 1 flees")  # said once, no mark again
    assert flees.count("flees") == 1
    assert "Dire Rat 1 fugge" in ok(s, "--lang", "it", "log").out
    table = ok(s, "state").out
    row = next(line for line in table.splitlines() if "Dire Rat 1" in line)
    assert row.count("fled") == 1  # status fled, the condition not repeated
    # 5e and 3.5 name who knocked a creature down
    for system in ("5e", "3.5e"):
        ok(s, f"new 'Cave {system}' --system {system} --seed 2")
        ok(s, "add Bram --pc --hp 30 --ac 16 --init 2")
        ok(s, "add Orc --hp 20 --ac 14 --init 1 --count 2")
        prone = ok(s, "cond add Bram prone --source 'Orc 1'").out
        assert prone.rstrip().endswith("Orc 1 knocks Bram prone"), prone
        assert "Orc 1 butta a terra Bram" in ok(s, "--lang", "it", "log").out


def test_a_duration_reads_as_whose_turn_in_which_round(sqlite_store):
    s = sqlite_store
    ok(s, "new Crypt --system 5e --seed 4")
    ok(s, "add Aria --pc --hp 24 --ac 16 --init 3")
    ok(s, "add Skeleton --hp 13 --ac 13 --init 2")
    ok(s, "init Aria=15 Skeleton=9")
    line = ok(s, "cond add Aria poisoned --source Skeleton --rounds 10").out
    assert line.rstrip().endswith(
        "Aria is poisoned by Skeleton, until Aria's turn in round 11")
    assert "fino al turno di Aria del round 11" in ok(s, "--lang", "it", "log").out


def test_diff_says_values_as_the_log_does(sqlite_store):
    s = sqlite_store
    ok(s, "new Bridge --seed 5")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Goblin --hp 6 --ac 14 --pd 12 --md 10 --init 1")
    ok(s, "init Bruna=15 Goblin=10")
    ok(s, "cond add Bruna dazed --save normal")
    ok(s, "damage Goblin 6")
    out = ok(s, "diff", "Bridge", "--at-a", "7").out
    assert "Bruna.conditions: — | dazed" in out
    assert "Goblin.status: up | dead" in out
    assert not re.search(r"\[\]|'|\bNone\b|\bTrue\b|\bFalse\b", out), out
    italian = ok(s, "--lang", "it", "diff", "Bridge", "--at-a", "7").out
    assert "Goblin.status: in piedi | morto" in italian
    assert "Bruna.conditions: — | frastornato" in italian


def test_a_replay_line_is_cut_in_its_middle_keeping_result_and_voided():
    from battletape.player import fit

    line = ("   21  root: Ghoul 2 attacks Bram: natural 18, total 22 vs AC 18: hit for 30"
            " — Bram drops (unconscious) [voided]")
    cut = fit(line, 76)
    assert len(cut) <= 76 and "…" in cut
    assert cut.startswith("   21  root: Ghoul 2")
    assert cut.endswith("hit for 30 — Bram drops (unconscious) [voided]")
    assert fit("   3  root: Aria joins", 76) == "   3  root: Aria joins"


def test_the_terminal_replay_keeps_voided_at_80_columns(sqlite_store):
    from battletape.application import Battletape
    from battletape.player import render
    from battletape.replay.frames import Frames
    from battletape.replay.step_lines import StepLines

    s = sqlite_store
    ok(s, "new 'The long bridge over the river at Emberfall' --seed 5")
    ok(s, "add 'Bruna the Unbreakable' --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add 'Goblin Skirmisher' --hp 12 --ac 14 --pd 12 --md 10 --init 1")
    ok(s, "init 'Bruna the Unbreakable'=15 'Goblin Skirmisher'=10")
    ok(s, "attack 'Bruna the Unbreakable' 'Goblin Skirmisher' --bonus 6 --vs ac "
          "--roll 17 --dmg 7 --kind melee")
    ok(s, "undo --reason 'a misread die'")
    bt = Battletape(s)
    try:
        events = bt.events(bt.select("The long").name)
    finally:
        bt.close()
    frames = Frames(events)
    lines = StepLines(events, "en", corrections=frames.corrections)
    attack = next(i for i, e in enumerate(events) if type(e).__name__ == "AttackResolved")
    text = _rendered(render(frames, lines, attack + 1, "en", 80, 24))
    row = next(line for line in text.splitlines() if "attacks" in line)
    assert "[voided]" in row and "hit for 7" in row, row
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize("lang", ["en", "it"])
def test_plays_toolbar_keeps_help_and_quit_at_80_columns(lang):
    from battletape.domain.words import words
    from battletape.play import SHORT_HELP, toolbar

    full = words(lang)(SHORT_HELP)
    assert len(full) > 80  # the whole help does not fit
    shown = toolbar(full, 80)
    assert len(shown) < 80
    assert shown.endswith("? help · q quit" if lang == "en" else "? aiuto · q esci")
    assert shown.startswith("a attack · n next" if lang == "en" else "a attacco")


def test_plays_toolbar_in_a_terminal_of_80_columns(demos, tmp_path):
    from tests.e2e.terminal import Terminal

    term = Terminal(["--store", demos, "play"], cwd=str(tmp_path), columns=80,
                    cursor_reports=True)
    try:
        term.expect("q quit")
        term.line("q")
        assert term.close() == 0
    finally:
        term.kill()
    assert "? help · q quit" in term.text


@pytest.mark.parametrize("lang", ["en", "it"])
def test_stats_names_its_columns_in_full_at_80_columns(demos, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(demos, "--lang", lang, "stats").out
    assert not re.search(r"…\s*[│┃]", out)  # no cell cut short
    assert max(len(line) for line in out.splitlines()) <= 80
    text = " ".join(re.sub(r"[│┃┏┓┗┛┡┩└┘┳╇┻━─┼╋┠┨┯┷]", " ", out).split())
    for said in (("dealt before temp hp", "absorbed by temp hp", "monster hit pct")
                 if lang == "en" else ("inflitti prima dei pf temporanei",
                                       "assorbiti dai pf temporanei")):
        assert said in text or all(w in text for w in said.split()), said
    assert not re.search(r"\b(True|False|NULL)\b", out)


def test_a_wide_sql_result_names_every_column_whole_at_80_columns(demos, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(demos, "sql", "SELECT * FROM damage ORDER BY encounter, position LIMIT 2").out
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    for column in ("after_resistance", "temp_absorbed", "hp_after", "target_pc"):
        assert f"\n{column} " in out, column  # a record a block, psql's \x
    assert "(2 rows)" in out
    narrow = ok(demos, "sql", "SELECT target, damage FROM damage LIMIT 1").out
    assert "┃ target" in narrow  # a table still, when it fits


def test_ongoing_damage_set_on_a_creature_reads_as_to_come(sqlite_store):
    """13th Age, Ongoing Damage: the damage comes at the end of the creature's turns,
    so the line that sets it says it will take it (not that it takes it now)."""
    s = sqlite_store
    ok(s, "new Bridge --seed 5")
    ok(s, "add Ogre --hp 60 --ac 16 --pd 14 --md 12 --init 1")
    line = ok(s, "ongoing Ogre 5 --type fire").out
    assert line.rstrip().endswith(
        "Ogre will take 5 fire ongoing damage (until a normal save)")
    assert "Ogre subirà 5 danni continuati da fuoco (tiro salvezza normale)" in ok(
        s, "--lang", "it", "log").out
