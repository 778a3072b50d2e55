"""The analytics schema's version, cached per set of module files
(projections/analytics/version_cache.py)."""

from __future__ import annotations

import os

from battletape.projections.analytics import schema, version_cache


def test_the_cached_version_is_the_computed_one_and_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert version_cache.version() == schema.version()
    kept = version_cache.cache_file(version_cache.code_key())
    assert kept.read_text() == schema.version()
    kept.write_text("3+feedfacefeed")  # what the file says is what is used
    assert version_cache.version() == "3+feedfacefeed"


def test_a_changed_module_file_is_another_key(tmp_path, monkeypatch):
    module = tmp_path / "system.py"
    module.write_text("x = 1\n")
    monkeypatch.setattr(version_cache, "_sources", lambda: [str(module)])
    before = version_cache.code_key()
    module.write_text("x = 22\n")  # another size
    os.utime(module, ns=(1, 1))  # and another time
    assert version_cache.code_key() != before


def test_a_replaced_registry_is_computed_not_cached(tmp_path, monkeypatch):
    from battletape.domain import systems

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    version_cache.version()
    version_cache.cache_file(version_cache.code_key()).write_text("3+stale")
    monkeypatch.setattr(systems, "all_systems", lambda: {})
    assert version_cache.version() == schema.version() == "3"


def test_an_unwritable_cache_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file, not a folder
    assert version_cache.version() == schema.version()
