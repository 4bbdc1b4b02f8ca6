"""tactica's terminal client (Textual).

The only package that imports Textual.  What a battle client does without
drawing (session, controller, the log's wording, content, saving, the AI
driver) is in ``tactica.client``; ``app``, ``screens`` and ``widgets`` draw it.
"""
