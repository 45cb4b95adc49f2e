"""Rendered photos of a Codenames table and of key cards, for the photo reader's tests and benchmark.

Deterministic by seed: the same seed and condition give the same bytes. Nothing here is
committed as an image; tests and benchmarks render what they read.
"""
