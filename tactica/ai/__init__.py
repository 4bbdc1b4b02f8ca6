"""Opponents and automatic choices: clients of the engine API, never rule-deciders."""
