"""Campaign secrets: kept out of the store, in the GM's config file or environment.

``BATTLETAPE_SECRET`` is one secret for every campaign; the file named by
``BATTLETAPE_SECRETS`` (default ``~/.config/battletape/secrets.toml``) gives one per
campaign::

    [campaigns]
    "Emberfall" = "a long phrase only the GMs know"

Each campaign's key is derived from its secret and its name, so one secret signs
every campaign differently. With a key, every link of the campaign's streams and every
line of their exports is signed (HMAC-SHA-256): anyone may still check the chain,
only a holder of the secret can extend or forge it.
"""

from __future__ import annotations

import os
from pathlib import Path

from battletape.domain.digests import sha256_bytes
from battletape.domain.errors import StoreError
from battletape.domain.words import N_

ENV = "BATTLETAPE_SECRET"
FILE_ENV = "BATTLETAPE_SECRETS"


def config_path() -> Path:
    given = os.environ.get(FILE_ENV)
    if given:
        return Path(given)
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"),
                                                              ".config")
    return Path(base) / "battletape" / "secrets.toml"


def _from_file(campaign: str) -> str | None:
    path = config_path()
    if not path.is_file():
        return None
    import tomllib

    try:
        table = tomllib.loads(path.read_text("utf-8")).get("campaigns") or {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise StoreError.said(N_("cannot read the secrets file {path!r}: {reason}"),
                              path=str(path), reason=str(err).splitlines()[0]) from None
    found = next((v for k, v in table.items() if k.casefold() == campaign.casefold()),
                 None)
    return str(found) if found is not None else None


def configured() -> bool:
    """Is any secret configured (else no campaign is looked up)?"""
    return bool(os.environ.get(ENV)) or config_path().is_file()


def key_for(campaign: str) -> bytes | None:
    """The campaign's signing key, or None when no secret is configured for it."""
    secret = _from_file(campaign) or os.environ.get(ENV) or None
    if not secret:
        return None
    return sha256_bytes(b"battletape-campaign-key\x1f" + campaign.casefold().encode()
                        + b"\x1f" + secret.encode())
