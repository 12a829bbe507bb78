"""The client's logger, ``vendor_api``: ``VENDOR_API_LOG=debug`` shows each attempt, ``info`` each retry."""

from __future__ import annotations

import logging
import os
import warnings

__all__ = ["logger", "setup_logging"]

logger = logging.getLogger("vendor_api")

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "warn": logging.WARNING, "error": logging.ERROR}


def setup_logging() -> None:
    """Reads ``VENDOR_API_LOG`` once, when the package is imported; without it, logging is the application's to set."""
    value = os.environ.get("VENDOR_API_LOG", "").strip().lower()
    if not value:
        return
    level = _LEVELS.get(value)
    if level is None:
        # A typo in an environment variable must not stop the application from importing the SDK.
        accepted = ", ".join(sorted(_LEVELS))
        warnings.warn(f"VENDOR_API_LOG={value!r} is not a level: use one of {accepted} (logging left as configured)", stacklevel=2)
        return
    logger.setLevel(level)
    # A handler of our own only when the application configured none, so that the lines are seen.
    if not logger.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("[%(asctime)s %(name)s %(levelname)s] %(message)s"))
        logger.addHandler(handler)
