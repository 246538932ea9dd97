"""Conformance tooling for ember_array (runner for the external array-api-tests suite)."""
