"""Widgets of the battle screen (one per module)."""
