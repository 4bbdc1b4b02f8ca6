"""Saves, the battle store, autosave, replays: clients of the engine API.

A save is the battle's starting configuration (maps, warbands, rules, seed)
plus the list of actions; the engine rebuilds the state from it.  Battles are
kept in the battle store (``db``, SQLite); a save file is one battle's
shareable form (``store.write_save`` / ``store.load_save``).
"""
from .codec import SaveError, SaveFile, decode_action, encode_action, state_digest
from .db import BattleInfo, BattleStore, StoreError, open_store
from .store import autosave_path, load_save, write_save

__all__ = ["BattleInfo", "BattleStore", "SaveError", "SaveFile", "StoreError", "autosave_path", "decode_action",
           "encode_action", "load_save", "open_store", "state_digest", "write_save"]
