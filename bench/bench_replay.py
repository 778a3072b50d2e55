"""Replays at scale: the HTML page and the terminal player against a full rebuild.

For each battle (generated 13th Age battles of 1k, 10k and 100k events by
``fixtures.generate``, seed 7, or the encounters given with ``--store``), in one run:

baseline  a full rebuild of the same battle as a command would do it, in a fresh
          process: open the store, read every event, fold them all
          (``replay.history.state_at``); its wall time and peak memory; and
          ``battletape state`` (from the latest snapshot: what any command costs);
export    ``battletape export --format html -o FILE``: wall time and peak memory
          (both also as ratios to the baseline's), the page's size in bytes and per
          event;
chromium  headless Chromium opening the page (``driver.get`` until the page's script
          has run: charts and variations drawn, the position shown), moving the
          slider to the last position (one ``input`` event), and moving to 30
          positions picked at random (seeded) through the page's links (``#p=N``, a
          ``hashchange``), timed inside the page: the median and the slowest move;
first     ``battletape replay`` on a terminal (a pseudo-terminal): the time until
          the first frame is drawn (ratio to ``state``);
piped     ``battletape replay`` into a pipe (plain text, every event and a table after
          each): events per second, the output's size (ratio of its time to the
          baseline's).

Each timing is the median of ``--repeat`` runs. ``measure(store, encounter)`` returns
the rows for one battle (bench/bench_corrections.py prints them beside its own).

    .venv/bin/python bench/bench_replay.py                       # 1k, 10k, 100k
    .venv/bin/python bench/bench_replay.py --events 1000 10000 --repeat 3
    .venv/bin/python bench/bench_replay.py --store /tmp/big.db --encounter NAME
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
BATTLETAPE = str(Path(sys.executable).parent / "battletape")  # the venv's command
GOALS = {"export s": 30.0, "export peak MB": 500.0, "page MB": 60.0,
         "chromium open s": 2.0, "chromium move max s": 0.1,
         "replay first frame s": 1.0}


class Row(NamedTuple):
    battle: str         # the encounter
    events: int         # its length
    measure: str        # what was measured, with its unit
    value: float        # the absolute figure
    ratio: float | None = None  # value / baseline's, where a baseline is meaningful
    baseline: str = ""  # what the ratio is against

    def line(self) -> str:
        goal = GOALS.get(self.measure)
        text = f"{self.events:>7}  {self.measure:<26} {self.value:>12,.3f}"
        if self.ratio is not None:
            text += f"   {self.ratio:>7.2f}x {self.baseline}"
        if goal is not None:
            text += f"   (goal < {goal:g}: {'met' if self.value < goal else 'NOT met'})"
        return text


# every process measured runs under this wrapper, which writes its peak resident set
# (VmHWM: the high-water mark of its own memory since exec, not the forking parent's)
PEAK = """
import atexit, os, runpy, sys
def peak():
    with open("/proc/self/status") as status:
        kb = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    with open(os.environ["BENCH_PEAK"], "w") as out:
        out.write(kb)
atexit.register(peak)
sys.argv = sys.argv[1:]
if sys.argv[0] == "-c":
    sys.argv = sys.argv[1:]
    exec(compile(sys.argv[0], "<rebuild>", "exec"), {"__name__": "__main__"})
else:
    from battletape.context import run
    run()
"""


def _user_env() -> dict[str, str]:
    """A user's install: bytecode cached (``PYTHONDONTWRITEBYTECODE`` dropped, as in
    bench_corrections.py), so no process measured pays for compiling every module it
    imports; the rebuild, the baseline, runs under the same environment."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _command(store: str, encounter: str | None, *args: str) -> list[str]:
    extra = ["--encounter", encounter] if encounter else []
    return [BATTLETAPE, "--store", store, *extra, *args]


def _run(argv: list[str], **kw) -> tuple[float, float]:
    """Wall seconds and peak resident MB of one process run to its end (``argv``: a
    battletape command, or ``["-c", CODE, ARGS...]``)."""
    with tempfile.NamedTemporaryFile("r") as peak:
        env = {**_user_env(), "BENCH_PEAK": peak.name}
        argv = [PYTHON, "-c", PEAK, *argv]
        start = time.perf_counter()
        code = subprocess.call(argv, cwd=ROOT, env=env, **kw)
        took = time.perf_counter() - start
        if code != 0:
            raise RuntimeError(f"{' '.join(argv[3:])} exited {code}")
        return took, int(peak.read()) / 1024


REBUILD = """
import sys
from battletape.application import Battletape
from battletape.replay import history
bt = Battletape(sys.argv[1])
events = bt.events(sys.argv[2] or None)
history.state_at(events)
"""


def rebuild(store: str, encounter: str | None) -> tuple[float, float]:
    return _run(["-c", REBUILD, store, encounter or ""], stdout=subprocess.DEVNULL)


def export_html(store: str, encounter: str | None, page: Path) -> tuple[float, float]:
    return _run(_command(store, encounter, "export", "--format", "html", "-o", str(page)),
                stdout=subprocess.DEVNULL)


def piped_replay(store: str, encounter: str | None) -> tuple[float, int]:
    """Seconds and bytes of ``replay`` writing into a pipe that this process drains."""
    start = time.perf_counter()
    proc = subprocess.Popen(_command(store, encounter, "replay"), cwd=ROOT,
                            env=_user_env(), stdout=subprocess.PIPE)
    size = 0
    while chunk := proc.stdout.read(1 << 20):
        size += len(chunk)
    if proc.wait() != 0:
        raise RuntimeError("replay failed")
    return time.perf_counter() - start, size


def first_frame(store: str, encounter: str | None) -> float:
    """Seconds until ``replay`` on a 120x40 pseudo-terminal has drawn its first frame
    (its help line, printed below the table and the log), then ``q``."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**_user_env(), "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    start = time.perf_counter()
    proc = subprocess.Popen(_command(store, encounter, "replay"), cwd=ROOT, env=env,
                            stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    seen = b""
    took = None
    try:
        while took is None:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                raise RuntimeError("replay drew nothing in 60 s")
            seen += os.read(master, 1 << 16)
            if b"q: quit" in seen:
                took = time.perf_counter() - start
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            os.write(master, b"q")  # until the player has its terminal in raw mode
            if select.select([master], [], [], 0.2)[0]:
                try:
                    os.read(master, 1 << 16)
                except OSError:
                    break
        proc.wait(timeout=5)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return took


def _driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)


MOVES = """
const [targets] = arguments, took = [];
for (const p of targets) {
  const start = performance.now();
  location.hash = "#p=" + p;
  window.dispatchEvent(new HashChangeEvent("hashchange"));
  took.push((performance.now() - start) / 1000);
  if (!document.getElementById("pos").textContent.startsWith("position " + p + " "))
    return "missed " + p + ": " + document.getElementById("pos").textContent;
}
return took;
"""


def chromium(page: Path) -> tuple[float, float, float, float]:
    """Seconds to open the page (until its script has drawn position 1), to move the
    slider to the end (the script's work for one ``input`` event), and the median and
    slowest of 30 moves to random positions (``#p=N``) timed in the page."""
    import random

    driver = _driver()
    try:
        start = time.perf_counter()
        driver.get(page.as_uri())
        last = int(driver.execute_script("return document.getElementById('slider').max"))
        opened = time.perf_counter() - start
        start = time.perf_counter()
        shown = driver.execute_script(
            "const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));"
            "return document.getElementById('pos').textContent", last)
        moved = time.perf_counter() - start
        if f"/ {last + 1}" not in shown and not shown.endswith(str(last + 1)):
            raise RuntimeError(f"the slider did not reach the end: {shown!r}")
        targets = random.Random(7).sample(range(1, last + 2), min(30, last + 1))
        took = driver.execute_script(MOVES, targets)
        if isinstance(took, str):
            raise RuntimeError(took)
        return opened, moved, statistics.median(took), max(took)
    finally:
        driver.quit()


def _median(fn: Callable[[], tuple], repeat: int) -> tuple:
    runs = [fn() for _ in range(repeat)]
    return tuple(statistics.median(r[k] for r in runs) for k in range(len(runs[0])))


def measure(store: str, encounter: str | None = None, repeat: int = 1,
            browser: bool = True, page_only: bool = False) -> list[Row]:
    """The rows for one battle of ``store`` (``encounter``, default the last started)."""
    from battletape.application import Battletape

    bt = Battletape(store)
    try:
        reg = bt.registration(encounter)
        count = len(bt.events(reg.name))
    finally:
        bt.close()
    name = reg.name
    rows: list[Row] = []
    add = lambda m, v, r=None, b="": rows.append(Row(name, count, m, v, r, b))  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "replay.html"
        base_s, base_mb = _median(lambda: rebuild(store, name), repeat)
        add("rebuild s", base_s)
        add("rebuild peak MB", base_mb)
        export_s, export_mb = _median(lambda: export_html(store, name, page), repeat)
        add("export s", export_s, export_s / base_s, "rebuild")
        add("export peak MB", export_mb, export_mb / base_mb, "rebuild")
        size = page.stat().st_size
        add("page MB", size / 1e6)
        add("page bytes/event", size / count)
        if browser:
            opened, moved, move, slowest = _median(lambda: chromium(page), repeat)
            add("chromium open s", opened)
            add("chromium slider to end s", moved)
            add("chromium move median s", move)
            add("chromium move max s", slowest)
        if page_only:
            return rows
        state_s, _ = _median(lambda: _run(_command(store, name, "state"),
                                          stdout=subprocess.DEVNULL), repeat)
        add("state s", state_s)
        (first,) = _median(lambda: (first_frame(store, name),), repeat)
        add("replay first frame s", first, first / state_s, "state")
        piped_s, out = _median(lambda: piped_replay(store, name), repeat)
        add("piped replay events/s", count / piped_s)
        add("piped replay s", piped_s, piped_s / base_s, "rebuild")
        add("piped replay output MB", out / 1e6)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--store", help="an existing SQLite store (default: generate)")
    parser.add_argument("--encounter", action="append",
                        help="with --store: an encounter to measure (repeatable)")
    parser.add_argument("--no-browser", action="store_true", help="skip Chromium")
    parser.add_argument("--page-only", action="store_true",
                        help="only the page: export, its size, Chromium (no terminal replay)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        battles: list[tuple[str, str | None]] = []
        if args.store:
            battles = [(args.store, e) for e in (args.encounter or [None])]
        else:
            from battletape.fixtures.generate import generate

            for n in args.events:
                path = str(Path(tmp) / f"replay{n}.db")
                name, _ = generate(path, n, seed=args.seed)
                battles.append((path, name))
        print(f"{'events':>7}  {'measure':<26} {'value':>12}   ratio")
        for path, name in battles:
            for row in measure(path, name, args.repeat, not args.no_browser,
                               args.page_only):
                print(row.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
