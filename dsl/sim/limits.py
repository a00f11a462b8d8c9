"""The simulator's limits, in a module that imports nothing: the command line shows them in
`--help` without importing the match loop (which starts multiprocessing)."""

DEFAULT_MAX_STEPS = 100_000  # decisions before a match counts as endless (`--max-steps`)
MAX_WORKERS = 64  # worker processes of one run (`--workers`)
