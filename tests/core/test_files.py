"""Files in and out (generator/core/files.py): nothing half-written, no
device or FIFO replaced, symlinks written through, inputs bounded."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.core.files import FileError, check_out_file, check_out_folder, read_limited, write_atomic


def test_write_atomic_writes_and_leaves_no_temp_file(tmp_path: Path) -> None:
    write_atomic(tmp_path / "a" / "x.json", b"new")
    assert (tmp_path / "a" / "x.json").read_bytes() == b"new"
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["x.json"]


def test_a_symlink_is_written_through_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_a_device_is_never_replaced(device: str) -> None:
    with pytest.raises(FileError, match=rf"^{device}: is not a regular file"):
        write_atomic(Path(device), b"x")
    assert Path(device).is_char_device()


def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(FileError, match="is not a regular file"):
        write_atomic(fifo, b"x")
    assert fifo.is_fifo()


def test_a_folder_is_never_replaced(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="is a folder, not a file"):
        write_atomic(tmp_path, b"x")


def test_a_write_that_fails_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("a file, not a folder")
    target = tmp_path / "plain" / "x.json"
    with pytest.raises(FileError, match=rf"^{target}: cannot be written") as info:
        write_atomic(target, b"x")
    assert ".tmp" not in str(info.value)


def test_a_failed_write_in_a_locked_folder_names_the_file(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        with pytest.raises(FileError, match=rf"^{locked / 'x.json'}: cannot be written"):
            write_atomic(locked / "x.json", b"x")
    finally:
        locked.chmod(0o700)


def test_a_full_disk_names_the_file() -> None:
    # /dev/full as a folder's file: the write fails with ENOSPC on a real disk; here
    # the device itself is refused before anything is written
    with pytest.raises(FileError, match="/dev/full"):
        write_atomic(Path("/dev/full"), b"x" * 100)


def test_read_limited(tmp_path: Path) -> None:
    f = tmp_path / "t.json"
    f.write_bytes(b"x" * 100)
    assert read_limited(f, 100) == b"x" * 100
    with pytest.raises(FileError, match="more than a tree file may be"):
        read_limited(f, 99, "tree file")
    with pytest.raises(FileError, match="is not a regular file"):
        read_limited(Path("/dev/zero"), 1 << 20, "tree file")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(FileError, match="is not a regular file"):  # never blocks
        read_limited(tmp_path / "fifo", 100)
    with pytest.raises(FileError, match="is a folder"):
        read_limited(tmp_path, 100)
    with pytest.raises(FileError, match="no such file"):
        read_limited(tmp_path / "none", 100)


def test_a_link_in_a_folder_of_ours_is_replaced_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("precious")
    link = tmp_path / "trees" / "index.json"
    link.parent.mkdir()
    link.symlink_to(outside)
    write_atomic(link, b"{}", replace_link=True)
    assert not link.is_symlink() and link.read_bytes() == b"{}" and outside.read_text() == "precious"


@pytest.mark.parametrize("name,message", [
    ("/dev/full", r"^/dev/full: exists and is not a folder$"),
    ("/dev/full/x", r"^/dev/full/x: cannot be written \(/dev/full is not a folder\)$"),
    ("-", r"^'-': a folder is needed here"),
])
def test_an_output_folder_is_checked_before_the_work(name: str, message: str) -> None:
    with pytest.raises(FileError, match=message):
        check_out_folder(Path(name))


def test_an_output_folder_may_be_new_or_a_link_to_a_folder(tmp_path: Path) -> None:
    assert check_out_folder(tmp_path / "a" / "b") == tmp_path / "a" / "b"
    (tmp_path / "link").symlink_to(tmp_path)
    assert check_out_folder(tmp_path / "link") == tmp_path / "link"
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    with pytest.raises(FileError, match=r"loop: cannot be used as a folder \(Too many levels"):
        check_out_folder(tmp_path / "loop")


def test_an_output_file_is_checked_before_the_work(tmp_path: Path) -> None:
    assert check_out_file(tmp_path / "new" / "x.json") == tmp_path / "new" / "x.json"
    with pytest.raises(FileError, match=r"/dev/full/x: cannot be written \(/dev/full is not a folder\)"):
        check_out_file(Path("/dev/full/x"))
    with pytest.raises(FileError, match="is a folder, not a file"):
        check_out_file(tmp_path)
