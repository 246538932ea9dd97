"""Benchmarks of ember_array (run ``python benchmarks/overhead.py``)."""
