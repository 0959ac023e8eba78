"""Codex-only developer tools: a fixed-work engine timer and a replay fingerprint."""
