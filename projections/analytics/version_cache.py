"""The analytics schema's version (:func:`projections.analytics.schema.version`)
without loading every rule system on every query.

The version fingerprints the columns the rule systems add, so computing it imports
each system's package (a third of `sql`'s own work on an up-to-date file). It is
kept in the user's cache directory (``$XDG_CACHE_HOME/battletape``), in a file
named after the modification times and sizes of every module under ``domain/`` and
of the schema module: a changed or added module, a new file, computed again. Any
trouble with the cache means computing it, as before.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

PREFIX = "analytics-schema-"


def _sources() -> list[str]:
    from battletape import domain
    from battletape.domain.systems import plugins

    found = [str(Path(__file__).with_name("schema.py"))]
    extra = []
    if plugins():  # systems kept outside battletape: their folders too
        from battletape.domain.systems import folders

        extra = folders()
    for folder in [*domain.__path__, *extra]:
        for root, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            found += [os.path.join(root, f) for f in files if f.endswith(".py")]
    return sorted(found)


def code_key() -> str:
    """What the version depends on: the schema's and the systems' module files."""
    digest = hashlib.sha1()
    for path in _sources():
        info = os.stat(path)
        digest.update(f"{path}\0{info.st_mtime_ns}\0{info.st_size}\n".encode())
    return digest.hexdigest()[:20]


def cache_file(key: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "battletape" / f"{PREFIX}{key}"


def version() -> str:
    """The schema's version, from the cache when the modules are those it was
    computed from."""
    registry = sys.modules.get("battletape.domain.systems")
    if registry is not None and not hasattr(registry.all_systems, "cache_info"):
        from battletape.projections.analytics import schema

        return schema.version()  # the registry was replaced (a test's systems)
    path: Path | None = None
    try:
        path = cache_file(code_key())
        found = path.read_text(encoding="ascii").strip()
        if found:
            return found
    except (OSError, UnicodeError):
        pass
    from battletape.projections.analytics import schema

    computed = schema.version()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f"{path.name}.{os.getpid()}")
            partial.write_text(computed, encoding="ascii")
            os.replace(partial, path)
        except OSError:
            pass
    return computed
