"""Developer tools run from a source checkout (``python -m tactica.tools.<name>``)."""
