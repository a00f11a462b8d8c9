"""A fuzzing harness for the whole front end and compiler.

    python -m tests.fuzz --inputs 100000 --seed 1 --workers 2 --report fuzz.json --save fuzz-failures

checks that many generated inputs, each in a long-lived worker process under a memory cap and
a time limit (see `pool`), against the properties of `properties`: `check_source` never raises
nor reports an `internal-error`, a compiled engine imports and plays random moves raising only
`RuleGap` or `IllegalAction`, and no input's code-execution payload ever runs.  The inputs come
from `inputs`: the grammar (`grammar`), mutated rule files (`mutations`) and hostile file names,
variant bases and editor URIs (`hostile`); besides rule texts, mutated saved states read back by
`from_json` (`states`), mutated run logs resumed by `simulate --resume` (`resume_logs`), and
message sequences for the language server (`lsp_messages`, driven by `lsp_session`), each with
its own properties.  The report gives counts per generator, every
failure class with a shrunk reproduction, every failing input, and the slowest inputs.  Exit
status: 0 no failure, 1 failures found.

The suite runs a bounded version of the same properties in `tests/test_fuzz_properties.py`;
nothing in this package is collected by pytest."""
