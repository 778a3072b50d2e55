"""The README runs as written (issue 23, point 1): every shell example, in the order the
README gives it, in one fresh directory, with the outcome the text beside it states.

- a ```sh block: each command (a `\\` continues it) runs in bash, exit 0 unless its
  comment says `exit 2`; a comment that claims a result is checked where it can be
  (``CLAIMS``);
- a ``` block of `$ cmd` lines: the lines after a command are its output (a refusal
  compares its one stderr line and exits 2); `$ battletape play` is driven in a
  pseudo-terminal, its prompt lines typed in turn;
- a ```toml block whose first line names a file (`# bestiary.toml …`) is written there.

`battletape` is the checkout's own: the directory gets a `.venv` link to this venv, so
`.venv/bin/battletape` is it, and `battletape` is on the PATH only once the README has
activated the venv, as a new GM's shell would have it. The steps a test cannot take
(installing, the test suite itself, a server that never returns) are listed with the
reason in ``NOT_RUN`` and counted apart."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
VENV = Path(sys.executable).parent.parent

# steps a test does not take, and why (matched on the start of the command)
NOT_RUN = {
    ".venv/bin/python -m pytest": "the test suite itself",
    "battletape serve": "a server that runs until stopped (tests/e2e/test_serve.py)",
    "BATTLETAPE_SYSTEMS=tests.systems.duel": "a test run of the checkout "
                                             "(tests/systems/test_conformance.py)",
    "python -m battletape.projections.catalogues compile": "writes the checkout's .mo "
                                                           "files (tests/unit/test_catalogues.py)",
}

# the set-up's first line: the venv is this one (linked), so only its demo runs
SETUP = ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && ", "")

# a comment's claim, checked on the command's stdout (words it must hold)
CLAIMS = {
    "battletape add Goblin --hp 12 --ac 16 --pd 14 --md 10 --init 4 --count 3":
        ["Goblin 1 joins", "Goblin 3 joins"],
    "battletape init Bruna=14 Goblin=9": ["Bruna: 1d20+3 [14] = 17", "[9] = 13"],
    'battletape intercept "Goblin 2" Bruna': ["Goblin 2 engages Bruna"],
    "battletape move Bruna nearby": ["opportunity attacks from Goblin 2"],
    "battletape add Orc --from orc --count 3": ["Orc 3 joins", "stat block orc"],
    "battletape attack o2 vex axe --roll 9 --bonus 8": ["natural 9, total 17"],
    "battletape init Aria=15/8 --adv Aria Bram=11 Ghoul=12 Skeleton=9": ["15"],
    'battletape attack "Ghoul 1" Aria --bonus 4 --roll 17/9 --dis --dmg 9 --kind melee':
        ["natural 9", "miss"],
    'battletape attack Kael "Thug 1" --bonus 10 --roll 19 --threat 19 --confirm 14 '
    '--damage 1d8+4 --kind melee': ["confirmed", "CRITICAL HIT"],
    'battletape next --death-save "Thug 2=8"': ["8: stable"],
    'battletape rewind 92 --reason "round 6 was never played"': ["rewind to 92"],
    'battletape -e "The Hive" amend 13 --confirm 12 --reason "confirmed on a 12"':
        ["--confirm 12"],
    "battletape flee": ["fled"],
    "battletape bestiary list": ["orc", "vex"],
    "battletape use": ["Goblin ambush"],
    "battletape disputes": ["the ogre had cover"],
    "battletape party": ["Tobin", "23"],
    "battletape add Tobin --pc": ["Tobin", "23/30"],
    "battletape rest short Tobin --roll Tobin=6,3": ["heals 13"],  # 10 + 8 + 5 = 23
    "battletape ripple --accept --note \"we played on\"": ["we played on"],
    "battletape verify": ["ok"],
    "battletape dice status": ["committed"],
}


@dataclass
class Step:
    line: int                     # where the README has it
    command: str                  # as bash runs it
    comment: str = ""
    output: list[str] = field(default_factory=list)  # a `$` transcript's lines after it
    file: tuple[str, str] | None = None               # (name, text) to write instead
    play: list[str] | None = None                     # a `play` transcript's lines


def comment_of(line: str) -> tuple[str, str]:
    """The command and its `# comment` (a `#` outside quotes, after a space)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def quote_open(text: str) -> bool:
    """Whether a quote opened in ``text`` is still open at its end."""
    quote = None
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
    return quote is not None


def steps(text: str) -> list[Step]:
    out: list[Step] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = lines[i]
        if not fence.startswith("```"):
            i += 1
            continue
        lang, start = fence[3:].strip(), i + 1
        end = next(j for j in range(start, len(lines)) if lines[j].startswith("```"))
        body = lines[start:end]
        if lang == "sh":
            out += sh_steps(body, start + 1)
        elif lang == "" and any(b.startswith("$ ") for b in body):
            out += transcript_steps(body, start + 1)
        elif lang == "toml" and body and (m := re.match(r"# (\S+\.toml)", body[0])):
            out.append(Step(start + 1, f"write {m.group(1)}",
                            file=(m.group(1), "\n".join(body) + "\n")))
        i = end + 1
    return out


def sh_steps(body: list[str], first: int) -> list[Step]:
    out, pending, at = [], "", first
    for n, raw in enumerate(body, first):
        if not pending:
            at = n
        if raw.rstrip().endswith("\\"):
            pending += comment_of(raw.rstrip()[:-1])[0] + " "
            continue
        if quote_open(comment_of(pending + raw)[0]):  # a quoted text goes on (SQL)
            pending += raw + "\n"
            continue
        command, comment = comment_of(pending + raw)
        pending = ""
        if command.strip():
            out.append(Step(at, command.strip(), comment))
    return out


def transcript_steps(body: list[str], first: int) -> list[Step]:
    out: list[Step] = []
    for n, raw in enumerate(body, first):
        if raw.startswith("$ "):
            command, comment = comment_of(raw[2:])
            out.append(Step(n, command, comment))
        elif out:
            out[-1].output.append(raw)
    for step in out:
        if step.command.split()[:2] == ["battletape", "play"]:
            step.play, step.output = step.output, []
    return out


def all_steps() -> list[Step]:
    return steps(README.read_text("utf-8"))


# --- running them ------------------------------------------------------------------

def environment(home: Path, activated: bool) -> dict:
    """A new GM's shell: no battletape variables, English, the venv on the PATH only
    once activated."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BATTLETAPE_", "VIRTUAL_ENV", "PYTHON"))}
    path = [p for p in env.get("PATH", "").split(os.pathsep)
            if p and not (Path(p) / "battletape").exists()]
    if activated:
        path.insert(0, str(VENV / "bin"))
        env["VIRTUAL_ENV"] = str(VENV)
    env.update(PATH=os.pathsep.join(path), HOME=str(home), LANG="C.UTF-8",
               LC_ALL="C.UTF-8", COLUMNS="80", PYTHONDONTWRITEBYTECODE="1")
    return env


def fits(expected: str, got: str) -> bool:
    """A README output line against the real one: `…` stands for any text."""
    pattern = ".*".join(re.escape(part.strip()) for part in expected.split("…"))
    return re.fullmatch(r"\s*" + pattern + r"\s*", got) is not None


def check(step: Step, r: subprocess.CompletedProcess) -> str | None:
    """What the step did that its text does not say, or None."""
    said = f"README line {step.line}: `{step.command}`"
    expected = [o for o in step.output if o.strip()]
    refusal = (expected and expected[0].startswith(("Error:", "Errore:"))) or \
        "exit 2" in step.comment
    if "Traceback" in r.stdout + r.stderr:
        return f"{said}: a traceback\n{r.stderr}"
    if refusal:
        if r.returncode != 2:
            return f"{said}: exit {r.returncode}, the README says a refusal\n{r.stdout}"
        lines = r.stderr.strip().splitlines()
        if len(lines) != 1:
            return f"{said}: a refusal of {len(lines)} lines\n{r.stderr}"
        claim = expected[0] if expected else step.comment.split("exit 2:", 1)[-1].strip()
        if expected and not fits(claim, lines[0]):
            return f"{said}:\n  README: {claim}\n  got:    {lines[0]}"
        if not expected and not fits(claim.split(";")[0] + "…", lines[0]):
            return f"{said}: the comment says {claim!r}, got {lines[0]!r}"
        return None
    if r.returncode != 0:
        return f"{said}: exit {r.returncode}\n{r.stderr.strip()}"
    if expected:
        got = [g for g in r.stdout.splitlines() if g.strip()]
        if len(got) != len(expected) or not all(map(fits, expected, got)):
            return f"{said}: output\n  README: {expected}\n  got:    {got}"
    for words in CLAIMS.get(step.command, []):
        if words not in r.stdout:
            return f"{said}: the comment's claim: {words!r} not in\n{r.stdout}"
    return None


def run_play(step: Step, cwd: Path, env: dict) -> str | None:
    """A `play` transcript: each `ENCOUNTER> LINE` typed after its prompt, each
    question's answer after the question."""
    from tests.e2e.terminal import Terminal

    prompt_at = step.play[0].index("> ") if step.play else 0
    prompt = step.play[0][:prompt_at + 1]
    args = shlex.split(step.command)[1:]
    term = Terminal(args, cwd=str(cwd), env={k: v for k, v in env.items()
                                             if k in ("HOME", "LANG", "LC_ALL")})
    try:
        for line in step.play:
            if line.startswith(prompt + " "):
                term.expect(prompt)
                typed = line[len(prompt) + 1:]
                if typed in ("q", "quit", "exit"):
                    term.line(typed)
                    term.process.wait(timeout=15)
                    break
                term.line(typed)
            else:  # a question and its answer, after the last `: `
                question, answer = line.rsplit(": ", 1)
                term.expect(question)
                term.line(answer)
        if term.process.poll() is None:
            return f"README line {step.line}: play did not end with `q`"
        errors = [t for t in term.text.splitlines() if t.startswith(("Error", "Errore"))]
        return f"README line {step.line}: play: {errors}" if errors else None
    finally:
        term.kill()
        term.close()


def run_all(tmp_path: Path) -> tuple[int, list[tuple[Step, str]], list[str]]:
    """Every step in order; (steps run, steps not run with why, failures)."""
    cwd, home = tmp_path / "gm", tmp_path / "home"
    cwd.mkdir()
    home.mkdir()
    (cwd / ".venv").symlink_to(VENV)
    activated, ran, skipped, failures = False, 0, [], []
    for step in all_steps():
        if step.file:
            (cwd / step.file[0]).write_text(step.file[1], "utf-8")
            ran += 1
            continue
        why = next((r for start, r in NOT_RUN.items() if step.command.startswith(start)),
                   None)
        if why:
            skipped.append((step, why))
            continue
        command = step.command.replace(*SETUP)
        env = environment(home, activated)
        if step.play is not None:
            try:
                failure = run_play(step, cwd, env)
            except AssertionError as err:
                failure = f"README line {step.line}: play: {err}"[:2000]
        else:
            r = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, text=True,
                               capture_output=True, stdin=subprocess.DEVNULL, timeout=300)
            failure = check(step, r)
        ran += 1
        if failure:
            failures.append(failure)
        if re.match(r"(source|\.) \.venv/bin/activate", command):
            activated = True
    return ran, skipped, failures


def test_the_steps_are_read_from_every_block():
    """The reader finds the set-up, the tours, the refusals and the transcripts."""
    found = all_steps()
    commands = [s.command for s in found]
    assert commands[0].startswith("python3 -m venv .venv")
    assert any(s.output and s.output[0].startswith("Error: it is Bruna's turn")
               for s in found)
    assert any(s.play for s in found) and any(s.file for s in found)
    assert len(found) > 120


@pytest.mark.slow
def test_every_readme_step_runs_as_written(tmp_path):
    ran, skipped, failures = run_all(tmp_path)
    print(f"README steps: {ran} run, {len(skipped)} not run: "
          + "; ".join(f"line {s.line} ({why})" for s, why in skipped))
    assert not failures, f"{len(failures)} of {ran} steps:\n" + "\n\n".join(failures)
