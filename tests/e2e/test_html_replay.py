"""The HTML replay page in a real headless Chromium: it loads without console errors,
moving the slider changes the HP shown, and names are text, never markup; the state it
folds at every position is `state --at` there (every system, after corrections); a
10k-event battle's page opens and its slider reaches the end."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.replay import history
from tests.helpers import ok, state
from tests.integration.test_replay_frames import corrected  # noqa: F401 (a fixture)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def _driver():
    reason = None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        reason = "selenium is not installed"
    if reason is None and not (CHROMIUM and DRIVER):
        reason = "Debian's chromium and chromium-driver are not installed"
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser test: {reason}")
        pytest.skip(reason)
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


@pytest.fixture
def page(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new 'Page test' --seed 1")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(s, "add", "<script>alert(1)</script>", "--hp", "20", "--ac", "12")
    ok(s, "init Bruna=15 <script>alert(1)</script>=3")
    ok(s, "attack", "Bruna", "<script>alert(1)</script>", "--bonus", "5", "--vs", "ac",
       "--roll", "14", "--dmg", "8")
    ok(s, "undo --reason '<b>oops</b>'")
    ok(s, "attack", "Bruna", "<script>alert(1)</script>", "--bonus", "5", "--vs", "ac",
       "--roll", "14", "--dmg", "6")
    path = tmp_path / "replay.html"
    ok(s, "export", "--format", "html", "-o", str(path))
    return path


def test_the_replay_page_works_in_a_real_browser(page):
    html = page.read_text()
    assert "http://" not in html and "https://" not in html  # self-contained
    assert "<script>alert(1)</script>" not in html
    driver = _driver()
    try:
        driver.get(page.as_uri())
        errors = [m for m in driver.get_log("browser") if m["level"] == "SEVERE"]
        assert errors == []
        hp = lambda: driver.execute_script(
            "const r = [...document.querySelectorAll('#panel tbody tr')]"
            ".find(r => r.dataset.name === '<script>alert(1)</script>');"
            "return r ? r.querySelector('.hp').textContent : null;")
        last = int(driver.execute_script("return document.getElementById('slider').max"))
        driver.execute_script(
            "const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", last)
        assert hp() == "14/20"   # 20 - 6 (the undone 8 never counts)
        driver.execute_script(
            "const s = document.getElementById('slider'); s.value = 8;"
            "s.dispatchEvent(new Event('input'));")
        assert hp() == "20/20"
        names = driver.execute_script(
            "return [...document.querySelectorAll('#panel tbody td:first-child')]"
            ".map(td => td.textContent)")
        assert "<script>alert(1)</script>" in names
        from selenium.common.exceptions import NoAlertPresentException
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text
        log_text = driver.execute_script("return document.getElementById('log').textContent")
        assert "<b>oops</b>" in log_text
    finally:
        driver.quit()


# --- the page folds the state at every position --------------------------------------

MOVE = ("const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));")
PANEL = ("return JSON.stringify([...document.querySelectorAll('#panel tbody tr')]"
         ".map(r => [r.dataset.name, r.querySelector('.hp').textContent,"
         " r.children[2].textContent]))")


def _panel(driver) -> list:
    return json.loads(driver.execute_script(PANEL))


def _expected_panel(view: dict) -> list:
    """The rows the page should show for a `state --json` view: the order, then the
    others; HP as hp/max (+temp); the status (staggered or not, in English)."""
    names = view["order"] + [n for n in view["combatants"] if n not in view["order"]]
    rows = []
    for n in names:
        c = view["combatants"][n]
        hp = f"{c['hp']}/{c['max_hp']}" + (f" +{c['temp_hp']}" if c["temp_hp"] else "")
        rows.append([n, hp, c["status"]])
    return rows


def test_the_page_shows_state_at_at_every_position_after_corrections(corrected, tmp_path):
    """13a, 5e and 3.5e demos with an amended attack, an undo and a rewind: the page's
    state at every position, moved forwards and backwards, is `state --at` there."""
    path = tmp_path / "corrected.html"
    ok(corrected, "export", "--format", "html", "-o", str(path))
    last = state(corrected)["position"]
    expected = {p: state(corrected, "--at", str(p)) for p in range(1, last + 1)}
    driver = _driver()
    try:
        driver.get(path.as_uri())
        assert [m for m in driver.get_log("browser") if m["level"] == "SEVERE"] == []
        for i in list(range(last)) + list(range(last - 1, -1, -7)):
            shown = json.loads(driver.execute_script(
                "return JSON.stringify(window.replayState(arguments[0]))", i))
            assert shown == expected[i + 1], f"position {i + 1}"
        for i in (last - 1, 5, 40, 12, last - 2):
            driver.execute_script(MOVE, i)
            rows = [r[:2] + [r[2].split(" (")[0]] for r in _panel(driver)]
            assert rows == _expected_panel(expected[i + 1]), f"position {i + 1}"
            pos = driver.execute_script("return document.getElementById('pos').textContent")
            assert pos == f"position {i + 1} / {last}"
        # the log line of every position, scrolled to and marked as voided or a fix
        events = Battletape(corrected, "gm").events()
        void = history.voided(events)
        for i, e in enumerate(events):
            driver.execute_script(MOVE, i)
            cls, text = driver.execute_script(
                "const d = document.querySelector('#log .now');"
                "return [d.className, d.textContent]")
            assert text.startswith(f"{i + 1}  ")
            whole = driver.execute_script("return document.getElementById('line').textContent")
            assert whole.startswith(f"{i + 1}  {e.by}: ") and text[len(f"{i + 1}  "):] in whole
            assert ("void" in cls) == (e.originator_version in void)
            assert ("fix" in cls) == (isinstance(e, ev.CORRECTIONS)
                                      and e.originator_version not in void)
        fixes = driver.execute_script(
            "return document.getElementById('corrections').textContent")
        assert "wrong die" in fixes and "a rules error at 41" in fixes
    finally:
        driver.quit()


@pytest.mark.slow
def test_the_page_of_a_10k_event_battle_opens_and_its_slider_reaches_the_end(
        sqlite_store, tmp_path):
    """A generated 10k-event battle (fixtures.generate, seed 7): the page loads, the
    slider moved to the end shows `state`, and back to the middle `state --at`."""
    from battletape.fixtures.generate import generate

    name, count = generate(sqlite_store, 10_000, seed=7)
    path = tmp_path / "big.html"
    ok(sqlite_store, "export", "--format", "html", "-o", str(path))
    final = state(sqlite_store)
    middle = count // 2
    at_middle = state(sqlite_store, "--at", str(middle))
    driver = _driver()
    try:
        driver.get(path.as_uri())
        assert [m for m in driver.get_log("browser") if m["level"] == "SEVERE"] == []
        last = int(driver.execute_script("return document.getElementById('slider').max"))
        assert last + 1 == count == final["position"]
        driver.execute_script(MOVE, last)
        rows = [r[:2] + [r[2].split(" (")[0]] for r in _panel(driver)]
        assert rows == _expected_panel(final)
        assert json.loads(driver.execute_script(
            "return JSON.stringify(window.replayState(arguments[0]))", last)) == final
        header = driver.execute_script("return document.getElementById('header').textContent")
        assert header.startswith(f"round {final['round']} · escalation die "
                                 f"{final['escalation_die']}")
        driver.execute_script(MOVE, middle - 1)
        rows = [r[:2] + [r[2].split(" (")[0]] for r in _panel(driver)]
        assert rows == _expected_panel(at_middle)
    finally:
        driver.quit()
