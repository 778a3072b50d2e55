"""The Markdown battle report of the demo battle, against hand-written expectations
(13th Age SRD numbers worked out by hand for each line)."""

from pathlib import Path

from tests.helpers import ok

DEMO = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"

# Round 2 by hand: Kael 14 + 7 + esc 1 = 22 vs PD 15 hits for 12 fire, halved to 6 by
# the ogre's fire resistance 16+ (Resistance); Bruna's natural 20 crits Goblin 2 for
# 7 x 2 = 14 (Crits), slaying it (4 hp left); Bruna saves 13 >= 11 against dazed;
# Goblin 1 11 + 5 = 16 vs AC 16 hits Kael for 4; the Ogre Chief's natural 20 crits
# Bruna for 15 x 2 = 30: 21 - 30 = -9, unconscious (Unconscious; she dies at -20).
ROUND_2 = ("Kael hit Ogre Chief for 6; Bruna scored a crit on Goblin 2 for 14; "
           "Goblin 2 was slain; Bruna shook off dazed; Goblin 1 hit Kael for 4; "
           "Ogre Chief scored a crit on Bruna for 30; Bruna fell.")
# Round 4: Kael 4 + 7 + 3 = 14 < PD 15 misses, miss damage 4 fire halved to 2.
ROUND_4_START = "Kael missed Ogre Chief (damage 2); Bruna rallied (+16)"


def test_the_demo_report_tells_the_battle_round_by_round(sqlite_store, tmp_path):
    script = tmp_path / "demo.bt"
    script.write_text(DEMO.read_text().replace('"Demo: the bridge at Emberfall" --campaign demo',
                                           '"The bridge" --campaign Emberfall'))
    ok(sqlite_store, "run", str(script))
    md = ok(sqlite_store, "export --format md").out
    assert md.startswith("# The bridge\n")
    sections = md.split("\n## ")
    by_title = {s.split("\n", 1)[0]: s.split("\n", 1)[1].strip() for s in sections[1:]}
    assert by_title["Round 2"] == ROUND_2
    assert by_title["Round 4"].startswith(ROUND_4_START)
    assert "- **Ogre Chief** (monster, level 1): 60 hp, AC 17, PD 15, MD 12" in md
    assert "| Kael | 3/30 | up (staggered) | — |" in by_title["Final state"]
    assert "| Ogre Chief | -3/60 | dead | — |" in by_title["Final state"]
    assert "- Biggest hit: 30 (Ogre Chief → Bruna, round 2 (crit))" in md
    assert "- Longest streak of hits: 3 (Kael)" in md


def test_the_report_in_italian_uses_the_seed_terms(sqlite_store, tmp_path):
    script = tmp_path / "demo.bt"
    script.write_text(DEMO.read_text().replace('"Demo: the bridge at Emberfall"', '"Il ponte"'))
    ok(sqlite_store, "run", str(script))
    md = ok(sqlite_store, "--lang it export --format md").out
    assert "Bruna è diventato frastornato" in md          # dazed: frastornato
    assert "| Kael | 3/30 | in piedi (barcollante) | — |" in md  # staggered: barcollante
    assert "## Momenti notevoli" in md


def test_export_takes_its_format_from_the_files_extension_and_its_names(sqlite_store,
                                                                       tmp_path):
    """`export -o report.md` writes the report, not JSON Lines into a .md file; a
    format may be named in full and in any case (`--format Markdown`); a typed
    --format wins over the extension; a format it does not know is one line."""
    from tests.helpers import cli

    ok(sqlite_store, "run", str(DEMO))
    report = tmp_path / "bridge.md"
    ok(sqlite_store, "export", "-o", str(report))
    assert report.read_text().startswith("# Demo: the bridge at Emberfall\n")
    assert (tmp_path / "bridge.hp.svg").exists()
    page = tmp_path / "bridge.html"
    ok(sqlite_store, "export", "-o", str(page))
    assert page.read_text().startswith("<!doctype html>")
    lines = tmp_path / "bridge.jsonl"
    ok(sqlite_store, "export", "-o", str(lines))
    assert lines.read_text().startswith('{"format":"battletape-jsonl/')
    named = ok(sqlite_store, "export", "--format", "Markdown").out
    assert named == ok(sqlite_store, "export", "--format", "md").out
    typed = tmp_path / "typed.md"
    ok(sqlite_store, "export", "--format", "jsonl", "-o", str(typed))
    assert typed.read_text().startswith('{"format":"battletape-jsonl/')
    plain = tmp_path / "notes.txt"  # an extension that names no format: JSON Lines
    ok(sqlite_store, "export", "-o", str(plain))
    assert plain.read_text().startswith('{"format":"battletape-jsonl/')
    r = cli(sqlite_store, "export", "--format", "pdf")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert "expected jsonl, md, html, parquet" in r.err
