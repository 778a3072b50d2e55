"""Commands load lazily: the map from command word to module must name every command."""

import typer

from battletape import cli, registry


def test_every_command_is_mapped_to_the_module_that_defines_it():
    registry.load_commands()
    group = typer.main.get_command(cli.app)
    names = set(group.commands)
    assert names == set(cli.COMMAND_MODULES)
    for name, command in group.commands.items():
        callback = command.callback
        if callback is None:  # a sub-app (cond, escalation, gm): its commands' module
            callback = next(iter(command.commands.values())).callback
        module = getattr(callback, "__module__", "")
        assert module.endswith(cli.COMMAND_MODULES[name]), (name, module)


def test_a_systems_events_can_be_imported_before_the_core_events():
    """The one union is made on first use, so import order does not matter."""
    import subprocess
    import sys

    code = ("import battletape.domain.dnd5e.events as e5\n"
            "import battletape.domain.events as ev\n"
            "assert ev.EVENT_TYPES['ActionTaken'] is e5.ActionTaken\n"
            "assert ev.decoder.decode(ev.encoder.encode(e5.ActionTaken(name='A', "
            "action='dash'))).name == 'A'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
