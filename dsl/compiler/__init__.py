"""From the checked model to the Python source of an engine, and the gate it must pass."""
