"""`battletape serve`: the players' live page in a real headless Chromium on a phone-sized
window. A command recorded from the command line (another process) appears on the
open page within a second; the monsters' hit points are shown only as the group may
know them (healthy / staggered / down) unless the GM reveals them; read-only."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from tests.e2e.terminal import battletape
from tests.e2e.test_html_replay import _driver
from tests.helpers import ok

XSS = "<script>alert(1)</script>"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, store: str, *options: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(
            battletape() + ["--store", store, "serve", "--port", str(self.port), *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.banner = self.process.stdout.readline()
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                self.view()
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise AssertionError(f"serve did not start: {self.process.stderr.read()}")

    def view(self) -> dict:
        with urllib.request.urlopen(self.url + "view.json", timeout=5) as r:
            return json.loads(r.read())

    def stop(self) -> str:
        self.process.terminate()
        _, err = self.process.communicate(timeout=15)
        return err


@pytest.fixture
def fight(sqlite_store):
    s = sqlite_store
    ok(s, "new 'Bridge' --seed 3")
    ok(s, "add Vex --pc --hp 30 --ac 16 --pd 14 --md 12 --init 3")
    ok(s, "add 'Hobgoblin Warrior' --hp 20 --ac 17 --pd 14 --md 11 --count 2 --init 1")
    ok(s, "add", XSS, "--hp", "10", "--ac", "10", "--pd", "10", "--md", "10")
    ok(s, "init", "Vex=15", "Hobgoblin Warrior=10", XSS + "=2")
    ok(s, "damage Vex 7")
    return s


def record(store: str, *args: str) -> None:
    """A command from the command line, in a process of its own."""
    r = subprocess.run(battletape() + ["--store", store, *args], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def shown(driver, name: str) -> dict | None:
    return driver.execute_script(
        "const li = [...document.querySelectorAll('#order li')]"
        ".find(li => li.dataset.name === arguments[0]);"
        "if (!li) return null;"
        "const t = s => { const e = li.querySelector(s); return e ? e.textContent : null; };"
        "return {hp: t('.hp'), health: t('.health'), conds: t('.conds'),"
        "        turn: li.classList.contains('turn')};", name)


def wait_for(check, seconds: float):
    end = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.02)


def test_the_page_follows_the_battle_live_on_a_phone(fight):
    driver = _driver()  # skips when no Chromium: before a server is started
    try:
        server = Server(fight)
    except BaseException:
        driver.quit()
        raise
    try:
        assert server.banner.startswith(f"Serving the current encounter at {server.url}")
        driver.set_window_size(390, 844)
        driver.get(server.url)
        assert wait_for(lambda: shown(driver, "Vex"), 10)
        assert shown(driver, "Vex") == {"hp": "23/30", "health": "healthy", "conds": "",
                                        "turn": True}
        hob = shown(driver, "Hobgoblin Warrior 1")
        assert hob["hp"] is None and hob["health"] == "healthy"  # the players' view
        assert shown(driver, XSS)["health"] == "healthy"         # a name is text
        header = driver.find_element("css selector", "#meta").text
        assert "Round 1" in header and "Vex" in header and "escalation die" in header

        # 13th Age: staggered at half hit points or less (20 -> 10)
        record(fight, "damage", "Hobgoblin Warrior 1", "10")
        recorded = time.monotonic()
        assert wait_for(lambda: shown(driver, "Hobgoblin Warrior 1")["health"]
                        == "staggered", 1.0), "not on the page within a second"
        assert time.monotonic() - recorded <= 1.0
        assert shown(driver, "Hobgoblin Warrior 1")["hp"] is None

        record(fight, "cond", "add", "Vex", "dazed", "--until", "end-of-battle")
        record(fight, "next")
        assert wait_for(lambda: shown(driver, "Hobgoblin Warrior 1")["turn"], 1.0)
        assert shown(driver, "Vex")["conds"] == "dazed"
        record(fight, "damage", XSS, "10")
        assert wait_for(lambda: shown(driver, XSS)["health"] == "down", 1.0)

        # fits a phone's width; nothing ran from a name; no console errors
        assert driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth")
        from selenium.common.exceptions import NoAlertPresentException
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text
        assert [m for m in driver.get_log("browser") if m["level"] == "SEVERE"] == []
    finally:
        driver.quit()
        err = server.stop()
    assert "Traceback" not in err


def test_monster_hit_points_never_leave_the_server_unless_revealed(fight):
    server = Server(fight)
    try:
        view = server.view()
        monster = next(c for c in view["combatants"] if c["name"] == "Hobgoblin Warrior 2")
        assert set(monster) & {"hp", "max_hp", "temp_hp"} == set()
        vex = next(c for c in view["combatants"] if c["name"] == "Vex")
        assert (vex["hp"], vex["max_hp"]) == (23, 30)
        assert view["escalation_die"] == 0 and view["turn"] == "Vex"
        request = urllib.request.Request(server.url + "view.json", data=b"{}",
                                         method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:  # read-only
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 405
    finally:
        server.stop()
    revealed = Server(fight, "--reveal")
    try:
        monster = next(c for c in revealed.view()["combatants"]
                       if c["name"] == "Hobgoblin Warrior 2")
        assert (monster["hp"], monster["max_hp"]) == (20, 20)
    finally:
        revealed.stop()


def test_a_busy_port_is_one_line_and_exit_2(fight):
    server = Server(fight)
    try:
        r = subprocess.run(battletape() + ["--store", fight, "serve", "--port",
                                           str(server.port)],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2
        assert r.stderr.startswith("Error: ") and len(r.stderr.strip().splitlines()) == 1
    finally:
        server.stop()


def test_recording_commands_never_load_the_web_or_terminal_libraries(fight):
    code = ("import sys; from battletape.context import boundary; "
            "from battletape.cli import app; "
            f"boundary(app, ['--store', {fight!r}, 'damage', 'Vex', '1']); "
            f"boundary(app, ['--store', {fight!r}, 'state']); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'starlette', 'uvicorn', 'prompt_toolkit', 'anyio'}))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_the_replay_page_follows_the_battle_with_the_same_links(fight):
    """`/replay` is the exported replay page, following the battle: a command recorded
    elsewhere moves it to the new last position; `#p=N` opens it at N as `state --at`
    says; the monsters' hit points stay a word unless revealed."""
    from tests.helpers import state

    driver = _driver()
    try:
        server = Server(fight)
    except BaseException:
        driver.quit()
        raise
    try:
        last = state(fight)["position"]
        driver.get(server.url + "replay")
        pos = lambda: driver.execute_script(  # noqa: E731
            "return document.getElementById('pos').textContent")
        assert wait_for(lambda: pos() == f"position {last} / {last}", 10), pos()
        record(fight, "damage", "Vex", "3")
        now = state(fight)["position"]
        assert wait_for(lambda: pos() == f"position {now} / {now}", 10), pos()
        assert wait_for(lambda: driver.execute_script("return location.hash")
                        == f"#p={now}", 5)
        view = driver.execute_script("return window.replayState(arguments[0])", now - 1)
        assert view["combatants"]["Vex"]["hp"] == 20   # 30 - 7 - 3
        hob = view["combatants"]["Hobgoblin Warrior 1"]
        assert "hp" not in hob and hob["health"] == "healthy"
        driver.get("about:blank")
        driver.get(server.url + "replay#p=5")
        assert wait_for(lambda: pos() == f"position 5 / {now}", 10), pos()
        assert [m for m in driver.get_log("browser") if m["level"] == "SEVERE"] == []
        with urllib.request.urlopen(server.url + "replay.json", timeout=10) as r:
            data = json.loads(r.read())
        assert len(data["main"]["steps"]) == now
        assert "Hobgoblin Warrior 1" not in [s[0] for s in data["main"]["charts"]["series"]]
        joined = [s[0] for s in data["main"]["steps"] if "joins" in s[0]]
        assert "Hobgoblin Warrior 1 joins the fight" in joined       # no stat line
        assert any(j.startswith("Vex joins: 30/30 hp") for j in joined)  # a PC's
    finally:
        driver.quit()
        err = server.stop()
    assert "Traceback" not in err
