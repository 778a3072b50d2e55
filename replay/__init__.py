"""Effective history: corrections interpreted; exports and players."""
