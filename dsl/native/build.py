"""Building the native flavour of an engine into a C extension, and loading it.

Cython translates the module and its declarations to C, the platform's C compiler builds the
extension (`setuptools`' own `build_ext`, as for any package with C code). Both are the optional
extra `native`. A built extension is kept in the compile cache's folder under the digest of what
decides it (the native source and declarations, the Cython and Python versions), so it is built
once per machine; without a cache folder it is built in a temporary folder each time.

The gate cannot read machine code, and loading a shared library runs its code, so a file in the
cache is loaded only if it is the build this package made there: each build writes, after the
extension, a record beside it (`<module>.json`) with the digest of what decided the build and the
SHA-256 of the extension's bytes. A file at the extension's (predictable) path whose bytes do not
match its record, or that has none, is built over, never imported. The cache's `native` folder is
used only while it belongs to the user and no one else may write in it (on systems with owners);
otherwise the extension is built in a temporary folder, as without a cache.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import types

from ..compiler import cache as compile_cache
from ..compiler.gate import require_safe
from .flavour import native_flavour

EXTRA = "native"
# -O1: a fraction of -O2's build time for engines whose time goes to calls into Python's C API.
COMPILE_ARGS = ("-O1", "-g0")
DIRECTIVES = {"language_level": 3, "binding": True}
RECORD_FORMAT = 1  # the record of a build beside its extension


class NativeUnavailable(RuntimeError):
    """Cython or a C compiler is missing, or the build failed: the message says what to do."""


def load_native(source: str, name: str) -> types.ModuleType:
    """The native engine of a gated module source, built if no built copy is cached."""
    try:
        import Cython  # noqa: F401  (only to say early and plainly what is missing)
    except ImportError:
        raise NativeUnavailable(
            f"native engines need Cython and a C compiler: pip install 'cardrules[{EXTRA}]'"
        ) from None
    flavour = native_flavour(source)
    require_safe(flavour.source)
    decided = _digest(flavour.source, flavour.declarations)
    module_name = f"cardrules_native_{name}_{decided[:16]}"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    folder = _private_folder(compile_cache.folder())
    if folder is not None:
        built = folder / (module_name + suffix)
        if not _is_recorded_build(built, module_name, decided):
            try:
                _build(flavour, module_name, built)
                _record(built, module_name, decided)
            except OSError:
                folder = None  # an unwritable cache only costs the build
    if folder is None:
        built = pathlib.Path(tempfile.mkdtemp(prefix="cardrules-native-")) / (module_name + suffix)
        _build(flavour, module_name, built)
    return _load(module_name, built)


def _private_folder(root: pathlib.Path | None) -> pathlib.Path | None:
    """The cache's folder of native builds, made if missing, or None when there is no cache or
    the folder may be written by another user (who could then put a library there)."""
    if root is None:
        return None
    folder = root / "native"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        status = folder.stat()
    except OSError:
        return None
    if hasattr(os, "getuid") and (status.st_uid != os.getuid() or status.st_mode & 0o022):
        return None
    return folder


def _record_path(built: pathlib.Path, module_name: str) -> pathlib.Path:
    return built.parent / f"{module_name}.json"


def _is_recorded_build(built: pathlib.Path, module_name: str, decided: str) -> bool:
    """Whether `built` is the extension a build of this source wrote, byte for byte."""
    record = compile_cache.read_entry(_record_path(built, module_name), RECORD_FORMAT)
    if record is None or record.get("source_sha256") != decided or record.get("extension") != built.name:
        return False
    try:
        return _file_digest(built) == record.get("extension_sha256")
    except OSError:
        return False


def _record(built: pathlib.Path, module_name: str, decided: str) -> None:
    """Write the record of a build just moved into place (after it: a reader never finds a record
    of bytes that are not there yet, only, at worst, bytes without their record, built again)."""
    record = {
        "format": RECORD_FORMAT,
        "key": module_name,
        "source_sha256": decided,
        "extension": built.name,
        "extension_sha256": _file_digest(built),
    }
    compile_cache.write_entry(_record_path(built, module_name), record)


def _file_digest(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _digest(*parts: str) -> str:
    import Cython

    h = hashlib.sha256(f"{Cython.__version__} {sys.version} {sysconfig.get_platform()}".encode())
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def _build(flavour, module_name: str, target: pathlib.Path) -> None:
    """Translate and compile in a scratch folder, then move the extension into place at once (a
    process loading it meanwhile finds it complete or not at all)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardrules-build-", dir=target.parent) as scratch:
        work = pathlib.Path(scratch)
        (work / f"{module_name}.py").write_text(flavour.source, encoding="utf-8")
        (work / f"{module_name}.pxd").write_text(flavour.declarations, encoding="utf-8")
        built = _compile(work, module_name)
        os.replace(built, target)
        # the module's text beside it: tracebacks show the rule code, not only line numbers
        shutil.copyfile(work / f"{module_name}.py", target.with_suffix("").with_suffix(".py"))


# The build runs in a process of its own: Cython's and the C compiler's output (warnings the
# generated C draws from gcc) is captured there and shown only when the build fails, and
# setuptools' import never touches the process that plays.
_BUILD = """
import json
import sys
from Cython.Build import cythonize
from setuptools import Distribution, Extension

work, name, directives, args = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4:]
extension = Extension(name, [work + "/" + name + ".py"], extra_compile_args=args)
modules = cythonize([extension], compiler_directives=directives, quiet=True, force=True)
distribution = Distribution({"name": name, "ext_modules": modules, "script_name": "cardrules"})
command = distribution.get_command_obj("build_ext")
command.build_lib, command.build_temp = work + "/lib", work + "/tmp"
distribution.run_command("build_ext")
"""


def _compile(work: pathlib.Path, module_name: str) -> pathlib.Path:
    command = [sys.executable, "-c", _BUILD, str(work), module_name, json.dumps(DIRECTIVES), *COMPILE_ARGS]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True, errors="replace")
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        # what Cython or the compiler said, without the frames of the traceback around it
        said = [line for line in lines if "error" in line.lower() and not line.startswith(" ")][-6:] or lines[-1:]
        raise NativeUnavailable("the native engine could not be built: " + "; ".join(said))
    found = list((work / "lib").rglob(module_name + "*" + importlib.machinery.EXTENSION_SUFFIXES[0]))
    if not found:
        raise NativeUnavailable("the native engine could not be built (no extension came out of the build)")
    return found[0]


def _load(module_name: str, path: pathlib.Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise NativeUnavailable(f"cannot load the native engine {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module
