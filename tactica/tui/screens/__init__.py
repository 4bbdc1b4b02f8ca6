"""Screens and modal dialogs of the battle client (one per module)."""
