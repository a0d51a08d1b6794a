"""py/snapshot_files.py: files are kept in memory, with the wheel whose install wrote them, and
given back once, whole (tools/snapshot.mjs keeps them; web/interpreter.mjs writes them back
after a restore)."""
from __future__ import annotations

import pytest

import snapshot_files


@pytest.fixture(autouse=True)
def nothing_kept():
    snapshot_files.take()
    yield
    snapshot_files.take()


def test_the_kept_files_come_back_byte_for_byte_with_the_wheel_named(tmp_path):
    data = tmp_path / "pkg" / "data.json"
    data.parent.mkdir()
    data.write_bytes(b'{"cards": [1, 2]}\n')
    info = tmp_path / "pkg-1.0.dist-info" / "INSTALLER"
    info.parent.mkdir()
    info.write_bytes(b"micropip\n")
    snapshot_files.keep([str(data), str(info)], wheel="pkg-1.0-py3-none-any.whl")
    data.write_bytes(b"changed after keeping")   # kept as it was when kept
    wheels, files = snapshot_files.take()
    assert wheels == ["pkg-1.0-py3-none-any.whl"]
    assert files == {str(data): b'{"cards": [1, 2]}\n', str(info): b"micropip\n"}


def test_they_are_given_once_and_then_forgotten(tmp_path):
    path = tmp_path / "module.py"
    path.write_bytes(b"X = 1\n")
    snapshot_files.keep([str(path)], wheel="pkg-1.0-py3-none-any.whl")
    assert snapshot_files.take()[1]
    assert snapshot_files.take() == ([], {})


def test_files_of_no_wheel_are_kept_without_naming_one(tmp_path):
    path = tmp_path / "__pycache__" / "mod.cpython-314.pyc"
    path.parent.mkdir()
    path.write_bytes(b"\x00bytecode")
    snapshot_files.keep([str(path)])
    assert snapshot_files.take() == ([], {str(path): b"\x00bytecode"})


def test_nothing_kept_gives_nothing():
    assert snapshot_files.take() == ([], {})


def test_a_file_that_is_not_there_stops_the_keeping(tmp_path):
    with pytest.raises(FileNotFoundError):
        snapshot_files.keep([str(tmp_path / "missing.py")], wheel="pkg-1.0-py3-none-any.whl")
