"""py/stdlib_rest.py: the rest of the standard library is mounted the first time one of its
modules is imported, and only then (tools/split_stdlib.mjs, docs/startup.md). The finder is
plain Python: here it mounts a zip of made-up modules on CPython."""
from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
import stdlib_rest  # noqa: E402


@pytest.fixture
def rest(tmp_path):
    """A rest archive of two made-up top-level names (a module and a package), a loader that
    copies it into place and counts its calls, and everything put back afterwards."""
    source = tmp_path / "rest-source.zip"
    with zipfile.ZipFile(source, "w") as zf:
        zf.writestr("pnd_rest_mod.py", "VALUE = 41 + 1\n")
        zf.writestr("pnd_rest_pkg/__init__.py", "")
        zf.writestr("pnd_rest_pkg/inner.py", "from pnd_rest_mod import VALUE\n")
    archive = str(tmp_path / "mounted" / "rest.zip")
    calls = []

    def load(path):
        calls.append(path)
        Path(path).parent.mkdir(exist_ok=True)
        shutil.copy(source, path)

    saved_path, saved_meta = list(sys.path), list(sys.meta_path)
    yield archive, load, calls
    sys.path[:], sys.meta_path[:] = saved_path, saved_meta
    for name in [n for n in sys.modules if n.startswith("pnd_rest_")]:
        del sys.modules[name]


def test_a_module_of_the_rest_is_mounted_and_imported_once(rest):
    archive, load, calls = rest
    finder = stdlib_rest.install(load, ["pnd_rest_mod", "pnd_rest_pkg"], archive)
    import pnd_rest_pkg.inner  # noqa: F401  (a package of the rest and its submodule)
    import pnd_rest_mod
    assert pnd_rest_mod.VALUE == 42 and sys.modules["pnd_rest_pkg.inner"].VALUE == 42
    assert calls == [archive]                       # downloaded once
    assert finder not in sys.meta_path and sys.path[-1] == archive


def test_a_name_not_in_the_rest_mounts_nothing(rest):
    """Optional imports of modules that are nowhere (try: import x / except ImportError) must
    not make a start download the rest."""
    archive, load, calls = rest
    finder = stdlib_rest.install(load, ["pnd_rest_mod"], archive)
    with pytest.raises(ModuleNotFoundError):
        import pnd_rest_nowhere  # noqa: F401
    assert calls == [] and finder in sys.meta_path and archive not in sys.path


def test_a_failed_download_is_said_and_tried_again(rest):
    archive, load, calls = rest
    attempts = []

    def offline_then_online(path):
        attempts.append(path)
        if len(attempts) == 1:
            raise OSError("offline")
        load(path)

    stdlib_rest.install(offline_then_online, ["pnd_rest_mod"], archive)
    with pytest.raises(ImportError, match="the rest of the standard library could not be loaded: offline"):
        import pnd_rest_mod  # noqa: F401
    assert archive not in sys.path
    import pnd_rest_mod  # noqa: F811  (the next import tries again)
    assert pnd_rest_mod.VALUE == 42 and len(attempts) == 2
