"""The replay page as a chess study (issue 25) in a real headless Chromium: every
position a link (``#p=N``, ``#r=R``) showing `state --at` there, the keys stepping
through events and rounds, a line's number copying its link, a what-if stepped into
and back, two positions compared as `diff` compares them, the charts' points equal to
`state --at` at the rounds' starts, corrections shown beside what replaced them; the
Markdown report's HP chart beside it; `serve`'s replay page following the battle.

With BATTLETAPE_SCREENSHOTS set, the page is photographed at a desktop's and a phone's
width into docs/ (the README shows them)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.e2e.test_html_replay import _driver, _expected_panel, _panel
from tests.helpers import ok, state

TRUNK = "Demo: the bridge at Emberfall"
WHAT_IF = "what if"
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def battle(tmp_path_factory):
    """The 13th Age demo rewound to 80, a roll amended (13), temporary hit points
    after it, and a what-if forked at 50 (kept whole: 51) with a blow of its own."""
    folder = tmp_path_factory.mktemp("study")
    s = str(folder / "battletape.db")
    ok(s, "demo")
    ok(s, "rewind", "80", "--reason", "a rules error at 81")
    ok(s, "amend", "13", "--roll", "2", "--reason", "wrong die")
    ok(s, "temp Bruna 6")
    ok(s, "branch", "50", WHAT_IF)
    ok(s, "--encounter", WHAT_IF, "damage", "Bruna", "12")
    ok(s, "--encounter", WHAT_IF, "next")
    page = folder / "study.html"
    ok(s, "export", "--format", "html", "-o", str(page))
    return s, page


@pytest.fixture(scope="module")
def browser():
    driver = _driver()
    yield driver
    driver.quit()


def what_if(store: str, *extra: str) -> dict:
    return ok(store, "--encounter", WHAT_IF, "state", "--json", *extra).json()


def _open(driver, page: Path, hash_: str = "") -> None:
    driver.get("about:blank")  # a new document each time, not a fragment change
    driver.get(page.as_uri() + hash_)
    assert [m for m in driver.get_log("browser") if m["level"] == "SEVERE"] == []


def _pos(driver) -> str:
    return driver.execute_script("return document.getElementById('pos').textContent")


def _wait(check, seconds: float = 5.0):
    end = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.05)


def _shown_rows(driver) -> list:
    return [r[:2] + [r[2].split(" (")[0]] for r in _panel(driver)]


def test_a_link_opens_the_page_at_its_position_as_state_at_says(battle, browser):
    store, page = battle
    last = state(store)["position"]
    for p in (1, 13, 40, 81, 99, last):
        _open(browser, page, f"#p={p}")
        assert _pos(browser) == f"position {p} / {last}"
        assert _shown_rows(browser) == _expected_panel(state(store, "--at", str(p)))
        shown = json.loads(browser.execute_script(
            "return JSON.stringify(window.replayState(arguments[0]))", p - 1))
        assert shown == state(store, "--at", str(p))
    for r in (1, 3, 5):  # a round's start: `state --round R`
        _open(browser, page, f"#r={r}")
        expected = state(store, "--round", str(r))
        assert _pos(browser) == f"position {expected['position']} / {last}"
        assert _shown_rows(browser) == _expected_panel(expected)
        assert _wait(lambda: browser.execute_script("return location.hash")
                     == f"#p={expected['position']}")


def test_the_keys_step_by_event_and_by_round_and_the_address_follows(battle, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    store, page = battle
    last = state(store)["position"]
    starts = [state(store, "--round", str(r))["position"] for r in range(1, 6)]
    _open(browser, page, "#p=20")
    keys = ActionChains(browser)

    def press(key, expected: int):
        keys.send_keys(key).perform()
        assert _pos(browser) == f"position {expected} / {last}"
        assert _wait(lambda: browser.execute_script("return location.hash")
                     == f"#p={expected}"), browser.execute_script("return location.hash")
        assert _shown_rows(browser) == _expected_panel(state(store, "--at", str(expected)))

    press(Keys.ARROW_RIGHT, 21)
    press(Keys.ARROW_RIGHT, 22)
    press(Keys.ARROW_LEFT, 21)
    after = next(p for p in starts if p > 21)
    press(Keys.ARROW_DOWN, after)
    press(Keys.ARROW_DOWN, next(p for p in starts if p > after))
    press(Keys.ARROW_UP, after)
    press(Keys.END, last)
    press(Keys.HOME, 1)
    # space plays (the button says pause) and pauses again
    play = lambda: browser.execute_script(  # noqa: E731
        "return document.getElementById('play').textContent")
    keys.send_keys(" ").perform()
    assert play() == "⏸ pause"
    assert _wait(lambda: _pos(browser) != f"position 1 / {last}", 5)
    keys.send_keys(" ").perform()
    assert play() == "▶ play"


def test_a_line_number_copies_its_link(battle, browser):
    store, page = battle
    _open(browser, page, "#p=30")
    row = browser.find_element("css selector", '#log .row[data-i="29"] .num')
    row.click()
    copied = _wait(lambda: browser.execute_script("return document.body.dataset.copied"))
    assert copied == page.as_uri() + "#p=30"
    assert browser.find_element("css selector", "#copied").text == "copied"


def test_a_what_if_is_stepped_into_and_back(battle, browser):
    store, page = battle
    fork = 51  # `branch 50` keeps the command at 50..51 whole
    mine = what_if(store)["position"]
    _open(browser, page, f"#p={fork}")
    card = browser.find_element("css selector", f'.card.branch[data-name="{WHAT_IF}"]')
    assert f"forked at position {fork}" in card.text
    card.find_element("css selector", "button.step-into").click()
    assert browser.find_element("css selector", "#where").is_displayed()
    assert _pos(browser) == f"position {fork + 1} / {mine}"
    assert _wait(lambda: browser.execute_script("return location.hash")
                 == f"#b=what%20if&p={fork + 1}")
    for p in (fork + 1, mine):  # the what-if's own positions, as its `state --at`
        shown = json.loads(browser.execute_script(
            "return JSON.stringify(window.replayState(arguments[0], arguments[1]))",
            p - 1, WHAT_IF))
        assert shown == what_if(store, "--at", str(p))
    browser.execute_script("document.getElementById('slider').value = arguments[0];"
                           "document.getElementById('slider').dispatchEvent(new Event('input'))",
                           mine - 1)
    assert _shown_rows(browser) == _expected_panel(
        what_if(store, "--at", str(mine)))
    # the what-if's mark at its fork in the log steps into it too
    browser.find_element("css selector", "#back").click()
    browser.find_element("css selector", f'#log .forkmark[data-branch="{WHAT_IF}"]').click()
    assert _pos(browser) == f"position {fork + 1} / {mine}"
    # a link into the what-if opens it there
    _open(browser, page, f"#b=what%20if&p={mine}")
    assert _pos(browser) == f"position {mine} / {mine}"
    browser.find_element("css selector", "#back").click()
    assert not browser.find_element("css selector", "#where").is_displayed()
    last = state(store)["position"]
    assert _pos(browser) == f"position {fork} / {last}"
    assert _shown_rows(browser) == _expected_panel(state(store, "--at", str(fork)))


def test_compare_is_the_diff_command_one_click_between_the_two(battle, browser):
    store, page = battle
    pairs = [(12, 40), (40, 99), (1, 99)]
    _open(browser, page)
    for a, b in pairs:
        page_diff = browser.execute_script("return window.replayDiff(arguments[0], arguments[1])",
                                           a - 1, b - 1)
        cli = ok(store, "diff", TRUNK, "--at-a", str(a), "--at-b", str(b), "--json").json()
        assert page_diff == cli
    mine = what_if(store)["position"]
    across = browser.execute_script(
        "return window.replayDiff(arguments[0], arguments[1], null, arguments[2])",
        mine - 1, mine - 1, WHAT_IF)
    assert across == ok(store, "diff", TRUNK, WHAT_IF, "--at-a", str(mine), "--at-b",
                        str(mine), "--json").json()
    # mark A at 40, go to 99: the table is the diff; one click goes to A and back
    _open(browser, page, "#p=40")
    browser.find_element("css selector", "#mark").click()
    _open_keep = browser.execute_script(
        "location.hash = '#p=99'; return true")
    assert _open_keep and _wait(lambda: _pos(browser).startswith("position 99 "))
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#diff tr')].map(r => r.children[0].textContent)")
    cli = ok(store, "diff", TRUNK, "--at-a", "40", "--at-b", "99", "--json").json()
    assert rows == [c["what"] for c in cli]
    browser.find_element("css selector", "#swap").click()
    assert _pos(browser).startswith("position 40 ")
    browser.find_element("css selector", "#swap").click()
    assert _pos(browser).startswith("position 99 ")


def test_the_charts_points_are_state_at_at_the_rounds_starts(battle, browser):
    store, page = battle
    _open(browser, page)
    lines = browser.execute_script(
        "return [...document.querySelectorAll('#charts polyline.hp')].map(p =>"
        " [p.dataset.name, p.dataset.at, p.dataset.hp, p.dataset.temp])")
    final = state(store)
    assert sorted(n for n, *_ in lines) == sorted(final["combatants"])
    starts = [state(store, "--round", str(r)) for r in range(1, 6)]
    for name, at, hp, temp in lines:
        points = dict(zip(map(int, at.split(",")), zip(map(int, hp.split(",")),
                                                       map(int, temp.split(",")))))
        for start in starts:
            assert start["position"] in points, (name, start["position"])
        for p, (h, t) in points.items():
            c = state(store, "--at", str(p))["combatants"][name]
            assert (h, t) == (c["hp"], c["temp_hp"]), (name, p)
    assert any(t != "0" and set(t.split(",")) != {"0"} for *_, t in lines)  # Bruna's 6
    # the escalation die, as the system declares its header (13th Age)
    die = browser.execute_script(
        "const p = document.querySelector('#charts polyline.header');"
        "return p ? [p.dataset.key, p.dataset.at, p.dataset.values] : null")
    assert die is not None and die[0] == "escalation_die"
    for p, v in zip(map(int, die[1].split(",")), map(int, die[2].split(","))):
        assert state(store, "--at", str(p))["escalation_die"] == v
    # hits and misses by round: every attack that counts, once
    attacks = [e for e in ok(store, "log", "--json").json_lines()
               if e["type"] == "AttackResolved"]
    tallies = browser.execute_script(
        "return [...document.querySelectorAll('#charts g.round')].map(g =>"
        " [+g.dataset.round, +g.dataset.hits, +g.dataset.misses])")
    assert sum(h for _, h, _ in tallies) == sum(1 for e in attacks if e["hit"])
    assert sum(m for _, _, m in tallies) == sum(1 for e in attacks if not e["hit"])
    # a click on a round's bar moves the replay to its start
    browser.execute_script("document.querySelector('#charts g.round:last-of-type')"
                           ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    last_round = tallies[-1][0]
    assert _pos(browser).startswith(
        f"position {state(store, '--round', str(last_round))['position']} ")
    # a click on the HP chart moves the replay there
    svg = browser.find_element("css selector", "#charts figure.wide svg")
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(browser).move_to_element(svg).click().perform()  # its middle
    moved = int(_pos(browser).split()[1])
    assert abs(moved - (1 + final["position"]) / 2) < final["position"] / 10


def test_a_correction_shows_beside_what_replaced_it(battle, browser):
    store, page = battle
    _open(browser, page)
    cards = browser.find_elements("css selector", ".card.correction")
    texts = [c.get_attribute("textContent") for c in cards]
    rewind = next(t for t in texts if "rewind to 80" in t)
    assert "why: a rules error at 81" in rewind and "rule: rules-error" in rewind
    assert "voided" in rewind and "81  " in rewind and "what came next" in rewind
    assert "99  Bruna gains 6 temporary hp" in rewind
    amended = next(t for t in texts if "amendment of the command at 13" in t)
    assert "why: wrong die" in amended and "in its place" in amended
    assert "natural 2" in amended  # the amended roll, beside the original
    # a voided line, shown, says what voided it
    _open(browser, page, "#p=85")
    assert browser.find_element("css selector", "#voided-by").text.startswith(
        "voided: 97: rewind to 80 (rules-error")


def test_the_page_speaks_italian(battle, tmp_path):
    store, _ = battle
    page = tmp_path / "it.html"
    ok(store, "--lang", "it", "export", "--format", "html", "-o", str(page))
    text = page.read_text(encoding="utf-8")
    assert "Grafici" in text and "Varianti" in text and "torna alla linea principale" in text


def test_the_report_carries_the_hp_chart_beside_it(battle, tmp_path):
    store, _ = battle
    report = tmp_path / "bridge.md"
    ok(store, "export", "--format", "md", "-o", str(report))
    svg = tmp_path / "bridge.hp.svg"
    assert "![hit points](bridge.hp.svg)" in report.read_text(encoding="utf-8")
    drawn = svg.read_text(encoding="utf-8")
    assert drawn.startswith("<svg") and drawn.count("<polyline") >= len(
        state(store)["combatants"])
    import xml.dom.minidom
    xml.dom.minidom.parseString(drawn)  # well formed


def test_screenshots_for_the_readme(battle, browser):
    """Only with BATTLETAPE_SCREENSHOTS set: docs/replay-desktop.png and
    docs/replay-phone.png, the page at a round's start."""
    if not os.environ.get("BATTLETAPE_SCREENSHOTS"):
        pytest.skip("set BATTLETAPE_SCREENSHOTS to photograph the page into docs/")
    store, page = battle
    DOCS.mkdir(exist_ok=True)
    for name, (width, height) in {"desktop": (1280, 1500), "phone": (390, 1700)}.items():
        browser.set_window_size(width, height)
        _open(browser, page, "#r=3")
        browser.execute_script("document.getElementById('mark').click();"
                               "location.hash = '#p=60'")
        _wait(lambda: _pos(browser).startswith("position 60 "))
        assert browser.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth + 1")
        browser.save_screenshot(str(DOCS / f"replay-{name}.png"))


def test_a_comment_shows_at_its_position(tmp_path, browser):
    """`note 8 TEXT` (Anna's remark on the attack at 8, recorded at 9) reads on the
    page right after the line it is about, with who made it, as `log` shows it."""
    s = str(tmp_path / "battletape.db")
    ok(s, "new Ford --seed 2")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    ok(s, "attack Bruna Orc --bonus 5 --vs ac --roll 4 --dmg 6")  # 8: a miss
    ok(s, "damage Orc 3")                                         # 9
    ok(s, "--as", "Anna", "note", "8", "Bruna rolled a 12, not a 4")  # 10, about 8
    log = ok(s, "log").out.splitlines()
    said = next(i for i, line in enumerate(log) if "Bruna rolled a 12, not a 4" in line)
    assert "Bruna attacks Orc" in log[said - 1]  # the CLI's log: right after 8
    page = tmp_path / "ford.html"
    ok(s, "export", "--format", "html", "-o", str(page))
    _open(browser, page, "#p=8")
    shown = _wait(lambda: browser.execute_script(
        "return document.getElementById('log').innerText"))
    lines = [line for line in shown.splitlines() if line.strip()]
    at = next(i for i, line in enumerate(lines) if "Bruna rolled a 12, not a 4" in line)
    # at its position, on the line it is about, with who made it (and again at 10,
    # where it was recorded)
    assert lines[at].startswith("8 Bruna attacks Orc")
    assert "note by Anna on 8: Bruna rolled a 12, not a 4" in lines[at]
    assert lines[at + 2] == "10 note by Anna on 8: Bruna rolled a 12, not a 4"
