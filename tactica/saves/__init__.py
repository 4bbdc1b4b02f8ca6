"""Saves, autosave, replays and log export: clients of the engine API.

A save is the battle's starting configuration (maps, warbands, rules, seed)
plus the list of actions; the engine rebuilds the state from it.
"""
from .codec import SaveError, SaveFile, decode_action, encode_action, state_digest
from .store import autosave_path, list_saves, load_save, write_save

__all__ = ["SaveError", "SaveFile", "decode_action", "encode_action", "state_digest",
           "autosave_path", "list_saves", "load_save", "write_save"]
