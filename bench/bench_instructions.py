"""`verify` ÷ rebuild counted in instructions, a figure a shared machine does not move.

On a busy 2-core machine the wall-time ratios of ``bench_corrections.py`` move by
±0.5 from round to round. Valgrind's callgrind counts the instructions a process
executes, the same from run to run: each figure here is one child process that
warms up (one ``verify``, one rebuild) and then runs what is measured once, less a
child that only warms up. Instructions are not time (a cache miss costs more than an
add), so the wall-time figures stay the goal's measure; this one says whether a
change did less work. Needs ``valgrind`` (Debian's package); about 3 minutes for a
10k battle, as callgrind runs Python some 50 times slower.

    .venv/bin/python bench/bench_instructions.py --system 5e --store /tmp/btb5/battle-5e-10000.db
    .venv/bin/python bench/bench_instructions.py --system 5e --store ... --old /tmp/old

``--old TREE``: the same counts with another tree's virtualenv (``TREE/.venv``), on the
same store, printed beside. The store is one ``bench_corrections.py --keep DIR`` made
(its encounter is named ``lines SIZE seed 7``; ``--name`` for another).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys
sys.path.insert(0, {bench!r})
import bench_corrections as b
from pathlib import Path
store, name, mode = Path({store!r}), {name!r}, {mode!r}
b.cli_in_process(store, "-e", name, "verify")  # warm: imports, caches
b.rebuild(store, name)
if mode == "verify":
    b.cli_in_process(store, "-e", name, "verify")
elif mode == "rebuild":
    b.rebuild(store, name)
"""


def instructions(python: str, tree: Path, store: Path, name: str, mode: str) -> int:
    code = CHILD.format(bench=str(tree / "bench"), store=str(store), name=name, mode=mode)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           python, "-c", code], capture_output=True, text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind of {mode} in {tree}: {done.stderr.strip()[-400:]}")
    return int(found.group(1))


def counts(tree: Path, store: Path, name: str) -> tuple[int, int]:
    python = str(tree / ".venv" / "bin" / "python")
    base = instructions(python, tree, store, name, "none")
    rebuild = instructions(python, tree, store, name, "rebuild") - base
    verify = instructions(python, tree, store, name, "verify") - base
    return rebuild, verify


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_instructions.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", required=True)
    parser.add_argument("--store", required=True, help="a store bench_corrections made")
    parser.add_argument("--name", default=None, help="the encounter (default: from "
                                                     "the store's file name)")
    parser.add_argument("--old", default=None, help="another tree with its own .venv")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing counted")
        return 0
    store = Path(args.store).resolve()
    size = re.search(r"-(\d+)\.db$", store.name)
    name = args.name or f"lines {size.group(1) if size else '?'} seed 7"
    trees = [("this tree", ROOT)] + ([("old", Path(args.old).resolve())] if args.old else [])
    for label, tree in trees:
        rebuild, verify = counts(tree, store, name)
        print(f"{args.system}, {store.name} ({label}): rebuild {rebuild / 1e6:,.0f}M "
              f"instructions, verify {verify / 1e6:,.0f}M: verify / rebuild "
              f"{verify / rebuild:.2f} (goal <= 4.0, in time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
