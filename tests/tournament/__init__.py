"""Tests of the pure tournament and rating layer."""
