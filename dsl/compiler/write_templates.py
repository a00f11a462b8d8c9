"""Write the compiled templates of the compiler (see `precompiled`), or check them:

python -m dsl.compiler.write_templates            # exit 1 if a compiled template is stale
python -m dsl.compiler.write_templates --write    # after changing a template
"""

from __future__ import annotations

import sys

from .precompiled import FOLDER, compiled_modules
from .templating import environment


def main(argv: list[str]) -> int:
    modules = compiled_modules(environment())
    if "--write" not in argv:
        stale = [n for n, text in modules.items() if not (FOLDER / n).exists() or (FOLDER / n).read_text() != text]
        print("stale: " + ", ".join(stale) if stale else "compiled templates up to date")
        return 1 if stale else 0
    FOLDER.mkdir(exist_ok=True)
    for old in FOLDER.glob("t_*.py"):
        if old.name not in modules:
            old.unlink()
    for name, text in modules.items():
        (FOLDER / name).write_text(text)
    print(f"wrote {len(modules) - 1} compiled templates to {FOLDER.name}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
