"""Commands load lazily: the map from command word to module must name every command."""

import typer

from battletape import cli


def test_every_command_is_mapped_to_the_module_that_defines_it():
    cli.load_commands()
    group = typer.main.get_command(cli.app)
    names = set(group.commands)
    assert names == set(cli.COMMAND_MODULES)
    for name, command in group.commands.items():
        callback = command.callback
        if callback is None:  # a sub-app (cond, escalation, gm): its commands' module
            callback = next(iter(command.commands.values())).callback
        module = getattr(callback, "__module__", "")
        assert module.endswith(cli.COMMAND_MODULES[name]), (name, module)
