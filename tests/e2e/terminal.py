"""A real pseudo-terminal around a `battletape` process (stdlib pty, no pexpect)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")


def battletape() -> list[str]:
    script = Path(sys.executable).parent / "battletape"
    return [str(script)] if script.exists() else [
        sys.executable, "-c", "from battletape.context import run; run()"]


class Terminal:
    """One process on a pseudo-terminal of 40x120; ``expect`` waits for text."""

    def __init__(self, args: list[str], cwd: str, env: dict | None = None,
                 columns: int = 120, cursor_reports: bool = False):
        """``cursor_reports``: answer the prompt's cursor position requests, as a
        real terminal does (prompt_toolkit draws its bottom toolbar only then)."""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        environment = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns),
                           LINES="40", **(env or {}))
        if not cursor_reports:
            environment.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self.cursor_reports = cursor_reports
        self.process = subprocess.Popen(battletape() + args, stdin=slave, stdout=slave,
                                        stderr=slave, cwd=cwd, env=environment,
                                        close_fds=True)
        os.close(slave)
        self.master = master
        self.raw = b""
        self.seen = 0  # what expect has consumed

    def read(self, seconds: float = 0.2) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                if self.cursor_reports and b"\x1b[6n" in chunk:
                    chunk = chunk.replace(b"\x1b[6n", b"")
                    self.send("\x1b[20;1R")  # the cursor is on row 20
                self.raw += chunk

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", errors="replace"))

    def expect(self, needle: str, timeout: float = 15.0) -> str:
        """Wait until ``needle`` appears after what was already consumed."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = self.text.find(needle, self.seen)
            if found >= 0:
                before = self.text[self.seen:found]
                self.seen = found + len(needle)
                return before
            self.read(0.1)
        raise AssertionError(f"{needle!r} not seen; the terminal shows:\n"
                             f"{self.text[self.seen:][-3000:]}")

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def line(self, text: str) -> None:
        self.send(text + "\r")

    def close(self, timeout: float = 10.0) -> int:
        end = time.monotonic() + timeout
        try:
            while self.process.poll() is None and time.monotonic() < end:
                self.read(0.1)
            return self.process.wait(0.1)
        finally:
            os.close(self.master)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)
