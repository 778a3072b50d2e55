"""Installed, the card's folders live under one name: ``battletape.domain``,
``battletape.fixtures``, … (a top-level ``fixtures`` would clash with the index's
package of that name, among its most downloaded)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("battletape", "domain", "projections", "replay", "fixtures")


def _declared() -> tuple[list[str], dict[str, str]]:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return setuptools["packages"], setuptools["package-dir"]


def test_every_package_folder_is_installed_under_battletape():
    packages, folders = _declared()
    found = []
    for top in FOLDERS:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT).parts
            dotted = ".".join(rel[1:])
            base = "battletape" if top == "battletape" else f"battletape.{top}"
            found.append(f"{base}.{dotted}" if dotted else base)
    assert sorted(found) == sorted(packages)
    assert all(name.startswith("battletape") for name in packages)
    assert folders == {"battletape": "battletape",
                       **{f"battletape.{top}": top for top in FOLDERS[1:]}}


def test_no_code_imports_a_top_level_folder_by_its_bare_name():
    bare_import = re.compile(r"^\s*(from|import)\s+(%s)(\.|\s|$)" % "|".join(FOLDERS[1:]))
    bare = [f"{path.relative_to(ROOT)}:{n}"
            for top in (*FOLDERS, "tests", "bench")
            for path in (ROOT / top).rglob("*.py")
            for n, line in enumerate(path.read_text().splitlines(), 1)
            if bare_import.match(line)]
    assert bare == []


@pytest.mark.slow
def test_the_wheel_installs_beside_the_index_fixtures_package(tmp_path):
    """Build the wheel, install it into a fresh venv with PyPI's ``fixtures``; both
    import, and ``battletape demo`` plays its battle."""
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(dist), str(ROOT)], check=True, capture_output=True)
    wheel = next(dist.glob("battletape-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print("
                                "sysconfig.get_paths()['purelib'])"], check=True,
                               capture_output=True, text=True).stdout.strip())
    # battletape's dependencies are this venv's (the wheel itself and PyPI's
    # `fixtures` go into the fresh one; a .pth file reads no other .pth files)
    (site / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = [str(python), "-m", "pip", "install", "-q", "--no-deps",
           "--disable-pip-version-check"]
    done = subprocess.run([*pip, str(wheel), "fixtures"], capture_output=True, text=True)
    if done.returncode and "fixtures" in done.stderr and os.environ.get("CI") != "true":
        pytest.skip(f"PyPI's fixtures package could not be installed: {done.stderr[-200:]}")
    assert done.returncode == 0, done.stderr
    both = subprocess.run(
        [str(python), "-c", "import fixtures, battletape.fixtures, battletape.domain; "
         "print(fixtures.__file__); print(battletape.fixtures.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, check=True).stdout.split()
    assert str(site) in both[0] and "battletape" not in Path(both[0]).parts[-2]
    assert both[1].startswith(str(site / "battletape" / "fixtures"))
    assert not (site / "domain").exists() and not (site / "replay").exists()
    demo = subprocess.run([str(venv / "bin" / "battletape"), "--store",
                           str(tmp_path / "demo.db"), "demo"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert demo.returncode == 0, demo.stderr
    assert "recorded" in demo.stdout and "Emberfall" in demo.stdout
