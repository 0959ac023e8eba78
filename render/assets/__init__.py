"""Bundled font files and their licence; a package so that packaging picks up the data files."""
