"""`why` on the replay page (issue 25) in a real headless Chromium: a combatant's HP,
temporary HP, status or initiative clicked at the position shown opens a panel with
`why NAME FIELD --at P --json`'s answer there (positions, who, sentences, values, the
correction, an amended roll named); a step's position moves there; Escape closes it."""

from __future__ import annotations

import json

import pytest

from tests.e2e.test_replay_page import _open
from tests.e2e.test_html_replay import _driver
from tests.helpers import ok

PANEL = """return JSON.stringify({
  hidden: document.getElementById('why').hidden,
  title: document.getElementById('why-title').textContent,
  steps: [...document.querySelectorAll('#why-steps li[data-position]')].map(li => [
    Number(li.dataset.position), JSON.parse(li.dataset.before), JSON.parse(li.dataset.after),
    li.querySelector('.by').textContent.trim(), li.textContent,
    li.querySelector('.fix') ? li.querySelector('.fix').textContent : null])})"""


@pytest.fixture(scope="module")
def battles(tmp_path_factory):
    """13th Age's demo rewound to 80, its attack at 13 amended to a natural 19 (the blow stands, the
    roll changed) and temporary hit points after it; 5e's demo as played."""
    out = {}
    for system, extra in (("13a", [("rewind", "80", "--reason", "a rules error at 81"),
                                   ("amend", "13", "--roll", "19", "--reason", "wrong die"),
                                   ("temp", "Bruna", "6")]),
                          ("5e", [])):
        folder = tmp_path_factory.mktemp("why" + system)
        store = str(folder / "b.db")
        ok(store, "demo", "--system", system)
        for command in extra:
            ok(store, *command)
        page = folder / "page.html"
        ok(store, "export", "--format", "html", "-o", str(page))
        out[system] = (store, page)
    return out


@pytest.fixture(scope="module")
def browser():
    driver = _driver()
    yield driver
    driver.quit()


def _asked(browser, page, position: int, name: str, field: str) -> dict:
    _open(browser, page, f"#p={position}")
    selector = {"temp_hp": "span.temp", "hp": "td[data-field=hp]"}.get(
        field, f'[data-field="{field}"]')
    browser.find_element("css selector",
                         f'#panel tr[data-name="{name}"] {selector}').click()
    return json.loads(browser.execute_script(PANEL))


def _cli(store: str, name: str, field: str, position: int) -> dict:
    return ok(store, "why", name, field, "--at", str(position), "--json").json()


def _on_page(step: dict) -> dict:
    """A step of `why --json` as the page holds it (its correction's text)."""
    fix = step["correction"]
    return {**{k: v for k, v in step.items() if k != "at"},
            "correction": None if fix is None else fix["text"]}


def _same(shown: dict, answer: dict) -> None:
    assert not shown["hidden"]
    assert [s[:3] for s in shown["steps"]] == [
        [s["position"], s["value_before"], s["value_after"]] for s in answer["steps"]]
    for row, step in zip(shown["steps"], answer["steps"]):
        assert row[3] == step["recorded_by"]
        assert step["sentence"] in row[4]
        assert row[5] == (None if step["correction"] is None
                          else "↳ " + step["correction"]["text"])
    assert f"at position {answer['position']}" in shown["title"]


def test_a_clicked_hp_shows_the_amended_roll_as_why_does(battles, browser):
    """13a: Goblin 1's hit points at the end, the blow at 13 decided again (a natural 19
    for the 16 first recorded), its amendment named; the page's answer is the CLI's."""
    store, page = battles["13a"]
    last = ok(store, "state", "--json").json()["position"]
    answer = _cli(store, "Goblin 1", "hp", last)
    amended = [s for s in answer["steps"] if s["correction"]]
    assert [s["correction"]["kind"] for s in amended] == ["amended"]
    assert amended[0]["correction"]["target"] == 13
    assert "natural 19" in amended[0]["sentence"]
    shown = _asked(browser, page, last, "Goblin 1", "hp")
    _same(shown, answer)
    assert any("amended at" in (s[5] or "") and "natural 19" in s[4] for s in shown["steps"])
    # temporary hit points, and every value of every combatant at a few positions
    _same(_asked(browser, page, last, "Bruna", "temp_hp"), _cli(store, "Bruna", "temp_hp", last))
    for position in (12, 30, last):
        state = ok(store, "state", "--at", str(position), "--json").json()
        for name in state["combatants"]:
            for field in ("hp", "status", "init"):
                got = browser.execute_script(
                    "return JSON.stringify(window.replayWhy(arguments[0], arguments[1],"
                    " arguments[2] - 1))", name, field, position)
                answer = _cli(store, name, field, position)
                got = json.loads(got)
                assert got["value"] == answer["value"], (name, field, position)
                assert got["steps"] == [_on_page(s) for s in answer["steps"]], \
                    (name, field, position)


def test_status_and_initiative_in_5e_and_the_panel_follows_and_closes(battles, browser):
    """5e: a status and an initiative clicked at 30 are `why --at 30`'s; a step's
    position moves the page there and the panel follows; Escape and the close button
    hide it."""
    store, page = battles["5e"]
    state = ok(store, "state", "--at", "30", "--json").json()
    name = state["order"][0]
    for field in ("status", "init", "hp"):
        _same(_asked(browser, page, 30, name, field), _cli(store, name, field, 30))
    first = _cli(store, name, "hp", 30)["steps"][0]["position"]
    browser.find_element("css selector", f'#why-steps li[data-position="{first}"] a').click()
    shown = json.loads(browser.execute_script(PANEL))
    _same(shown, _cli(store, name, "hp", first))
    browser.find_element("css selector", "body").send_keys("\ue00c")  # Escape
    assert json.loads(browser.execute_script(PANEL))["hidden"]
    _asked(browser, page, 30, name, "status")
    browser.find_element("css selector", "#why-close").click()
    assert json.loads(browser.execute_script(PANEL))["hidden"]


def test_the_panel_speaks_italian(battles, browser, tmp_path):
    """In Italian the panel's words are the catalogue's, the values the CLI's."""
    store, _ = battles["13a"]
    page = tmp_path / "it.html"
    ok(store, "--lang", "it", "export", "--format", "html", "-o", str(page))
    shown = _asked(browser, page, 30, "Bruna", "hp")
    assert shown["title"].startswith("Bruna: punti ferita ")
    assert shown["title"].endswith("in posizione 30")
    answer = _cli(store, "Bruna", "hp", 30)
    assert [s[:3] for s in shown["steps"]] == [
        [s["position"], s["value_before"], s["value_after"]] for s in answer["steps"]]
    assert browser.find_element("css selector", "#why-close").text == "chiudi"
