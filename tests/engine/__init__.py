"""Tests of the pure rules layer."""
