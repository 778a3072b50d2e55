"""`battletape replay` without a terminal prints its frames as text."""

from pathlib import Path

from tests.helpers import ok

DEMO = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"


def test_replay_prints_turn_by_turn_frames_with_corrections(sqlite_store, tmp_path):
    script = tmp_path / "demo.bt"
    script.write_text(DEMO.read_text().replace('"Demo: the bridge at Emberfall"', '"The bridge"'))
    ok(sqlite_store, "run", str(script))
    ok(sqlite_store, "undo --reason 'the ogre survived'")
    text = ok(sqlite_store, "replay --by turn").out
    assert "Kael attacks Goblin 1: natural 16, total 23 vs PD 14: hit for 9 fire" in text
    assert "[correction]" in text and "[voided]" in text
    assert text.count("escalation die") >= 6
    italian = ok(sqlite_store, "--lang it replay --round 6").out
    assert "dado di escalation 5" in italian and "round 5" not in italian


def _on_a_terminal(store: str, keys: list[bytes], marks: list[bytes]) -> bytes:
    """Run `battletape replay` on a pseudo-terminal; after each mark appears in its
    output, type the next key. Returns everything it drew."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import subprocess
    import sys
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    command = Path(sys.executable).parent / "battletape"
    proc = subprocess.Popen([str(command), "--store", store, "replay"], stdin=slave,
                            stdout=slave, stderr=slave, close_fds=True,
                            env={**os.environ, "TERM": "xterm", "COLUMNS": "160"})
    os.close(slave)
    seen = b""
    try:
        for key, mark in zip(keys, marks):
            deadline = time.monotonic() + 60
            while mark not in seen:
                assert time.monotonic() < deadline, (mark, seen[-2000:])
                if select.select([master], [], [], 0.2)[0]:
                    seen += os.read(master, 1 << 16)
            seen = seen.replace(mark, b"<seen>", 1)
            os.write(master, key)
        proc.wait(timeout=30)
        while select.select([master], [], [], 0.1)[0]:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return seen


def test_replay_on_a_terminal_steps_jumps_to_the_end_and_back(sqlite_store):
    """The player on a terminal: the first frame at position 1, `G` the end, `p` one
    step back, `g` the start, `q` quits with exit 0."""
    ok(sqlite_store, "run", str(DEMO))
    last = ok(sqlite_store, "state --json").json()["position"]
    drawn = _on_a_terminal(
        sqlite_store, [b"G", b"p", b"g", b"q"],
        [b"(position 1)", f"(position {last})".encode(),
         f"(position {last - 1})".encode(), b"(position 1)"])
    assert b"q: quit" in drawn
    assert b"Traceback" not in drawn


def test_replay_into_a_pipe_prints_plain_text_without_importing_rich(sqlite_store,
                                                                      tmp_path):
    """Piped, the frames are plain text: the process never loads rich (its start-up is
    a good part of a short replay's time), and the HP bars are drawn all the same."""
    import subprocess
    import sys

    script = tmp_path / "demo.bt"
    script.write_text(DEMO.read_text())
    ok(sqlite_store, "run", str(script))
    probe = ("import sys; from battletape.context import run\n"
             "try:\n    run()\nfinally:\n"
             "    sys.stderr.write('rich loaded' if any(m == 'rich' or m.startswith('rich.')"
             " for m in sys.modules) else 'rich not loaded')\n")
    done = subprocess.run([sys.executable, "-c", probe, "--store", sqlite_store, "replay"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.endswith("rich not loaded"), done.stderr[-500:]
    assert "█" in done.stdout and "░" in done.stdout and "round 1" in done.stdout
