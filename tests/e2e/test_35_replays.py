"""A 3.5 battle in the replays: the terminal frames and the HTML page tell the same story
as `state` (nonlethal damage, the dying and the stable), in English and Italian."""

from __future__ import annotations

import json

from tests.e2e.test_html_replay import _driver
from tests.helpers import ok, state


def test_the_terminal_replay_of_the_35_demo_speaks_3_5(sqlite_store):
    """35-HPS-03/05/07, 35-NL-01, 35-AOO-01 in `replay`."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    text = ok(sqlite_store, "replay", "--by", "turn").out
    assert "Kael tries to stabilize Mira: Heal 15 vs DC 15: stable" in text
    assert "Hired Blade attacks Kael (attack of opportunity)" in text
    assert "escalation die" not in text
    italian = ok(sqlite_store, "--lang", "it", "replay", "--round", "3").out
    assert "stabile" in italian and "morente" in italian


def test_the_html_replay_of_the_35_demo_shows_the_fight_at_every_position(sqlite_store,
                                                                          tmp_path):
    """The page's panel at the end equals `state`: Mira -2/33 (stable), the Hired Blade
    -1/34 (dying)."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    path = tmp_path / "demo35.html"
    ok(sqlite_store, "export", "--format", "html", "-o", str(path))
    final = state(sqlite_store)["combatants"]
    driver = _driver()
    try:
        driver.get(path.as_uri())
        errors = [m for m in driver.get_log("browser") if m["level"] == "SEVERE"]
        assert errors == []
        last = int(driver.execute_script("return document.getElementById('slider').max"))
        driver.execute_script(
            "const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", last)
        rows = json.loads(driver.execute_script(
            "return JSON.stringify([...document.querySelectorAll('#panel tbody tr')]"
            ".map(r => [r.dataset.name, r.querySelector('.hp').textContent]))"))
        shown = dict(rows)
        for name in ("Mira", "Hired Blade", "Thug 2"):
            c = final[name]
            assert shown[name] == f"{c['hp']}/{c['max_hp']}"
    finally:
        driver.quit()


def test_the_italian_log_of_a_35_battle_reads_in_the_seeds_words(sqlite_store):
    """`--lang it log`: whole Italian sentences for the common 3.5 lines (the Sigil
    community reads the seed in Italian), the seed's own terms included."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    log = ok(sqlite_store, "--lang", "it", "log").out
    for words in ("Sera attacca Thug 1: 18 naturale, totale 25 contro CA 13: COLPO CRITICO",
                  "conferma la minaccia di critico", "non confermato (danni normali)",
                  "5 danni non letali [fiancheggiare +2; danni non letali con un'arma "
                  "letale -4]", "Thug 2 è morente: d100 64: perde 1 pf",
                  "Kael cerca di stabilizzare Mira: Guarire 15 contro CD 15: stabile",
                  "Bere una pozione o applicare un olio (azione standard) — possono "
                  "effettuare un attacco di opportunità: Kael",
                  # the seed's "CA da tocco", "Tempra", "Riflessi", "Volontà", "PG"
                  "entra in scena Kael: 52/52 pf, CA 19 tocco 11 colto alla sprovvista 18 "
                  "BAB +6 Tempra +7 Riflessi +3 Volontà +2 (PG)"):
        assert words in log, words
    for english in (" attacks ", " rolls ", "'s turn ends", " joins:"):
        assert english not in log, english
