"""tactica's terminal client (Textual).

The only package that imports Textual.  ``session``, ``describe``,
``controller`` and ``content`` are plain Python so they can be tested and
reused without a terminal; ``app``, ``screens`` and ``widgets`` draw them.
"""
