"""Shell completion as bash, zsh and fish ask for it (typer's protocol, the real
console script): command words, a verb's options, and names from a real store."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.e2e.terminal import battletape
from tests.helpers import ok


@pytest.fixture
def store(tmp_path):
    s = str(tmp_path / "battletape.db")
    ok(s, "new 'Goblin ambush' --seed 1")
    ok(s, "new 'Bridge of Sighs' --seed 2")
    ok(s, "add Vex --pc --hp 30 --ac 16 --pd 14 --md 12")
    ok(s, "add 'Hobgoblin Warrior' --hp 20 --ac 17 --pd 14 --md 11 --count 2")
    return s


def complete(shell: str, words: str, cwd: str) -> list[str]:
    env = dict(os.environ, _BATTLETAPE_COMPLETE=f"complete_{shell}")
    env.pop("BATTLETAPE_STORE", None)
    if shell == "bash":
        import shlex

        env.update(COMP_WORDS=words, COMP_CWORD=str(len(shlex.split(words)) - 1))
    else:
        env["_TYPER_COMPLETE_ARGS"] = words
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    r = subprocess.run(battletape(), env=env, cwd=cwd, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return [line for line in r.stdout.splitlines() if line]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_combatant_names_come_from_the_store(store, tmp_path, shell):
    out = "\n".join(complete(shell, f"battletape --store {store} attack Ho", str(tmp_path)))
    assert "Hobgoblin Warrior 1" in out and "Hobgoblin Warrior 2" in out
    assert "Vex" not in out


def test_bash_completes_names_options_encounters_and_words(store, tmp_path):
    assert complete("bash", f"battletape --store {store} damage V", str(tmp_path)) == ["Vex"]
    assert "--bonus" in complete("bash", f"battletape --store {store} attack Vex --bo",
                                 str(tmp_path))
    assert complete("bash", f"battletape --store {store} --encounter Gob",
                    str(tmp_path)) == ["Goblin ambush"]
    assert complete("bash", f"battletape --store {store} play Bri",
                    str(tmp_path)) == ["Bridge of Sighs"]
    assert "attack" in complete("bash", "battletape att", str(tmp_path))


def test_the_current_directory_store_and_the_encounter_option_are_followed(store, tmp_path):
    # the default store is ./battletape.db: completion reads it, like every command
    assert complete("bash", "battletape heal V", str(tmp_path)) == ["Vex"]
    # the other encounter has no combatants
    assert complete("bash", "battletape -e 'Goblin ambush' heal V", str(tmp_path)) == []


def test_no_store_is_created_by_completing(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert complete("bash", "battletape damage V", str(empty)) == []
    assert list(empty.iterdir()) == []


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_is_shown_for_each_shell(tmp_path, shell):
    r = subprocess.run(battletape() + ["--show-completion", shell], cwd=str(tmp_path),
                       capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1"))
    assert r.returncode == 0, r.stderr
    assert "_BATTLETAPE_COMPLETE" in r.stdout


def test_bash_gets_names_with_spaces_quoted_as_one_word(store, tmp_path):
    import shlex

    got = complete("bash", f"battletape --store {store} damage Ho", str(tmp_path))
    assert got == ["'Hobgoblin Warrior 1'", "'Hobgoblin Warrior 2'", "'Hobgoblin Warrior'"]
    assert [shlex.split(g) for g in got][0] == ["Hobgoblin Warrior 1"]
    # zsh and fish quote what they insert: the name goes as it is
    assert "Hobgoblin Warrior 1" in complete("fish", f"battletape --store {store} "
                                             "damage Ho", str(tmp_path))


def test_a_verbs_options_are_the_encounters_systems(tmp_path):
    s = str(tmp_path / "battletape.db")
    ok(s, "new Keep --system 3.5e --seed 1")
    ok(s, "new Bridge --seed 2")
    thirteen = complete("bash", f"battletape --store {s} attack A B --o", str(tmp_path))
    assert "--ongoing" in thirteen and "--off-hand" not in thirteen
    keep = complete("bash", f"battletape --store {s} -e Keep attack A B --o",
                    str(tmp_path))
    assert "--off-hand" in keep and "--ongoing" not in keep


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_command_words_are_those_of_the_encounters_system(tmp_path, shell):
    """A 3.5 fight is offered no 13th Age verb (escalation, rally), a 13th Age fight
    is; the verbs every system has (attack, leave) are offered in both."""
    fort, bridge = str(tmp_path / "fort.db"), str(tmp_path / "bridge.db")
    ok(fort, "new Fort --system 3.5e")
    ok(bridge, "new Bridge")

    def words(store: str, typed: str) -> str:
        return "\n".join(complete(shell, f"battletape --store {store} {typed}",
                                  str(tmp_path)))

    assert "escalation" not in words(fort, "es") and "rally" not in words(fort, "ra")
    assert "escalation" in words(bridge, "es") and "rally" in words(bridge, "ra")
    for store in (fort, bridge):
        assert "attack" in words(store, "att") and "leave" in words(store, "lea")


def test_bo_completes_to_the_one_option_of_the_encounters_system(tmp_path):
    """`--bo` is `--bonus` in a 13th Age fight (3.5's `--both-hands` is not
    offered), and both in a 3.5 one; `cond add --source` is offered only where the
    system has it (issue 23 point 11)."""
    s = str(tmp_path / "battletape.db")
    ok(s, "new Keep --system 3.5e --seed 1")
    ok(s, "new Bridge --seed 2")
    assert complete("bash", f"battletape --store {s} attack A B --bo",
                    str(tmp_path)) == ["--bonus"]
    keep = complete("bash", f"battletape --store {s} -e Keep attack A B --bo",
                    str(tmp_path))
    assert "--bonus" in keep and "--both-hands" in keep
    assert "--source" not in complete("bash", f"battletape --store {s} cond add X y --",
                                      str(tmp_path))
    assert "--source" in complete("bash", f"battletape --store {s} -e Keep cond add X y --",
                                  str(tmp_path))
