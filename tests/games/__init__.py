"""What every registered game gets by registering (see test_registered.py)."""
