"""d20's grammar, compiled once per machine instead of once per command.

``import d20`` builds its lark LALR parser from the grammar on every start (most of
the cost of a command whose dice need d20: keep-highest, rerolls, exploding dice).
lark can cache that analysis in a file; d20 does not ask it to. :func:`install`
puts an import hook in place that, when ``d20.diceast`` is first imported, lets lark
cache the parser in the user's cache directory (``$XDG_CACHE_HOME/battletape``).
Nothing is loaded until d20 is; any trouble with the cache file means building the
parser as d20 always did.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

TARGET = "d20.diceast"


def cache_file(spec) -> Path:
    """Named after d20's grammar and lark's version: a new release, a new file."""
    import hashlib

    import lark

    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    grammar = Path(spec.origin).with_name("grammar.lark")
    digest = hashlib.md5(grammar.read_bytes() + lark.__version__.encode()).hexdigest()
    return Path(base) / "battletape" / f"d20-grammar-{digest[:16]}.lark"


class _Hook:
    """A finder on ``sys.meta_path`` (the protocol, not ``importlib.abc``'s class,
    whose import pulls in ``importlib.resources`` and ``tempfile``: 4 ms a command)."""

    def find_spec(self, name, path, target=None):
        if name != TARGET:
            return None
        import importlib.util

        sys.meta_path.remove(self)  # once; and let the normal finders find it
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        original = spec.loader.exec_module

        def exec_module(module):
            import lark

            plain = lark.Lark
            try:
                path = cache_file(spec)
            except OSError:
                original(module)
                return

            class Cached(plain):
                def __init__(self, grammar, **options):
                    if options.get("parser") == "lalr":
                        for _ in range(2):  # a broken file is removed and made again
                            try:
                                path.parent.mkdir(parents=True, exist_ok=True)
                                super().__init__(grammar, cache=str(path), **options)
                                return
                            except Exception:
                                try:
                                    path.unlink()
                                except OSError:
                                    break  # unwritable: as d20 does, below
                    super().__init__(grammar, **options)

            lark.Lark = Cached
            try:
                original(module)
            finally:
                lark.Lark = plain

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    """Cache d20's parser when d20 is first imported (a no-op once it is)."""
    if TARGET in sys.modules or any(isinstance(f, _Hook) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Hook())
