"""Balance reports for map and card authors (``tactica balance``): many AI battles, summed up.

``arena`` plays the battles (through ``tactica.ai.sim``, in worker processes) and counts them;
``stats`` gives the 95% intervals; ``report`` prints tables and writes the HTML report.
"""
