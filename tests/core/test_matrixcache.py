"""Feedback matrices kept in the user's cache (generator/core/matrixcache.py).

Each test has a cache folder of its own (tests/conftest.py's ``own_cache``).
A matrix found there is used only if it passes every check; anything else
is computed again and written over, and a folder that cannot be written
leaves the matrix computed in memory. Whatever the cache holds, the matrix
a build returns is the kernel's.
"""

from __future__ import annotations

import errno
import hashlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from generator.core import files, matrixcache, partition
from generator.core.catalog import load_list
from generator.core.feedback import feedback_matrix
from generator.core.partition import Matrix
from generator.core.usercache import private_cache
from generator.core.words import Alphabet, WordList

ROOT = os.getuid() == 0  # (root reads and writes whatever the modes say)


def wordle_part(id: str, words: tuple[str, ...]) -> WordList:
    allowed = load_list("wordle-allowed")
    return WordList(id, words, allowed.alphabet, 5)


@pytest.fixture
def lists() -> tuple[WordList, WordList]:
    """A few hundred guesses and answers of Wordle's lists (a small matrix of real words)."""
    words = load_list("wordle-allowed").words
    return wordle_part("g", words[:400]), wordle_part("a", words[::53])


def fresh(guesses: WordList, answers: WordList) -> np.ndarray:
    return feedback_matrix(guesses.codes, answers.codes, len(guesses.alphabet.letters))


@dataclass
class Entry:
    """Where the entry of a pair of lists is kept."""

    folder: Path
    key: str

    @property
    def npy(self) -> Path:
        return self.folder / f"{self.key}.npy"

    @property
    def digest(self) -> Path:
        return self.folder / f"{self.key}.sha256"

    def sign(self) -> None:
        """Write the digest of the .npy as it is now (so only another check can fail)."""
        hexdigest = hashlib.sha256(self.npy.read_bytes()).hexdigest()
        self.digest.write_text(f"{hexdigest}  {self.key}.npy\n")

    def save(self, codes: np.ndarray) -> None:
        """Put ``codes`` in the .npy (as np.save writes them) with their right digest."""
        with self.npy.open("wb") as fh:
            np.save(fh, codes)
        self.sign()


def entry(guesses: WordList, answers: WordList) -> Entry:
    folder = private_cache(matrixcache.MATRICES)
    assert folder is not None
    return Entry(folder, matrixcache.matrix_key(guesses, answers))


@pytest.fixture
def kernel_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The kernel calls of Matrix.build, counted (one item per call)."""
    calls: list[int] = []

    def counted(*args: Any) -> np.ndarray:
        calls.append(1)
        return feedback_matrix(*args)

    monkeypatch.setattr(partition, "feedback_matrix", counted)
    yield calls


# -- found again --------------------------------------------------------------


def test_a_second_build_loads_the_matrix_and_does_not_call_the_kernel(lists: tuple[WordList, WordList],
                                                                       kernel_calls: list[int]) -> None:
    guesses, answers = lists
    first = Matrix.build(guesses, answers)
    assert kernel_calls == [1]
    e = entry(guesses, answers)
    assert e.npy.exists() and e.digest.exists()
    second = Matrix.build(guesses, answers)
    assert kernel_calls == [1]  # no second call
    np.testing.assert_array_equal(second.codes, fresh(guesses, answers))
    np.testing.assert_array_equal(first.codes, second.codes)
    assert second.codes.dtype == np.uint8 and type(second.codes) is np.ndarray


def test_the_loaded_matrix_is_mapped_read_only(lists: tuple[WordList, WordList]) -> None:
    guesses, answers = lists
    computed = Matrix.build(guesses, answers).codes
    loaded = Matrix.build(guesses, answers).codes
    assert not computed.flags.writeable and not loaded.flags.writeable  # (one type for numba)
    assert isinstance(loaded.base, np.memmap)
    with pytest.raises(ValueError, match="read-only"):
        loaded[0, 0] = 0


def test_the_digest_file_is_sha256sums(lists: tuple[WordList, WordList]) -> None:
    guesses, answers = lists
    Matrix.build(guesses, answers)
    e = entry(guesses, answers)
    assert e.digest.read_text() == f"{hashlib.sha256(e.npy.read_bytes()).hexdigest()}  {e.key}.npy\n"
    assert e.npy.stat().st_mode & 0o777 == 0o600 and e.digest.stat().st_mode & 0o777 == 0o600


def test_a_warm_start_does_not_import_numba() -> None:
    Matrix.build(load_list("wordle-allowed"), load_list("wordle-answers"))  # (in this test's cache folder)
    code = ("import sys; from generator.core.catalog import load_list; from generator.core.partition import Matrix; "
            "m = Matrix.build(load_list('wordle-allowed'), load_list('wordle-answers')); "
            "print(m.codes.shape, 'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=os.environ | {"PYTHONPATH": str(Path(partition.__file__).parents[2])})
    assert out.stdout.split() == ["(12972,", "2315)", "False"], out.stderr


# -- what a changed list asks for ---------------------------------------------


def test_a_changed_list_gets_another_key(lists: tuple[WordList, WordList], monkeypatch: pytest.MonkeyPatch) -> None:
    guesses, answers = lists
    key = matrixcache.matrix_key(guesses, answers)
    ij = Alphabet("abcdefghijklmnopqrstuvwxyz", ("ij",))
    others = [
        (WordList("g", guesses.words + ("zzzzz",), guesses.alphabet, 5), answers),  # a word more
        (WordList("g", guesses.words[:-1], guesses.alphabet, 5), answers),  # a word less
        (WordList("g", guesses.words[1::-1] + guesses.words[2:], guesses.alphabet, 5), answers),  # two swapped
        (guesses, WordList("a", answers.words[:-1] + ("zzzzz",), answers.alphabet, 5)),  # an answer changed
        (answers, guesses),  # the roles swapped
        (WordList("g", guesses.words, ij, 5), answers),  # other letters
    ]
    keys = {matrixcache.matrix_key(g, a) for g, a in others}
    assert key not in keys and len(keys) == len(others)
    assert matrixcache.matrix_key(WordList("another id", guesses.words, guesses.alphabet, 5), answers) == key
    monkeypatch.setattr(matrixcache, "FEEDBACK_VERSION", matrixcache.FEEDBACK_VERSION + 1)
    assert matrixcache.matrix_key(guesses, answers) != key


def test_each_pair_of_lists_has_its_entry(lists: tuple[WordList, WordList], kernel_calls: list[int]) -> None:
    guesses, answers = lists
    Matrix.build(guesses, answers)
    shorter = WordList("a", answers.words[:-1], answers.alphabet, 5)
    m = Matrix.build(guesses, shorter)
    assert kernel_calls == [1, 1]
    np.testing.assert_array_equal(m.codes, fresh(guesses, shorter))
    assert len(list(entry(guesses, answers).folder.glob("*.npy"))) == 2


# -- a bad entry is made again ------------------------------------------------


def _cut_short(e: Entry) -> None:
    data = e.npy.read_bytes()
    e.npy.write_bytes(data[: len(data) // 2])


def _garbage(e: Entry) -> None:
    e.npy.write_bytes(bytes(range(256)) * (e.npy.stat().st_size // 256 + 1))
    e.sign()


def _byte_changed(e: Entry) -> None:  # the digest no longer matches
    data = bytearray(e.npy.read_bytes())
    data[-1] ^= 1
    e.npy.write_bytes(bytes(data))


def _codes(e: Entry) -> np.ndarray:
    return np.array(np.load(e.npy))


def _code_out_of_range(e: Entry) -> None:
    codes = _codes(e)
    codes[1, 2] = 243  # not a code of five letters (the digest matches)
    e.save(codes)


def _another_meaning(e: Entry) -> None:
    e.save((_codes(e).astype(np.int64) + 1) % 243)  # valid codes, a right digest, the wrong feedback


def _unreadable(e: Entry) -> None:
    if ROOT:
        pytest.skip("root reads a file of mode 000")
    e.npy.chmod(0)


def _writable_by_others(e: Entry) -> None:
    e.npy.chmod(0o666)


def _a_link(e: Entry) -> None:  # to a sound copy, elsewhere
    copy = e.folder.parent / "copy.npy"
    copy.write_bytes(e.npy.read_bytes())
    e.npy.unlink()
    e.npy.symlink_to(copy)


def _a_pickle(e: Entry) -> None:  # (np.load would run it, were pickles allowed)
    e.npy.write_bytes(b"\x80\x04K\x01.")
    e.sign()


CORRUPTIONS: dict[str, Callable[[Entry], None]] = {
    "missing": lambda e: e.npy.unlink(),
    "its digest missing": lambda e: e.digest.unlink(),
    "empty": lambda e: e.npy.write_bytes(b""),
    "cut short": _cut_short,
    "garbage bytes": _garbage,
    "a byte changed": _byte_changed,
    "a digest of garbage": lambda e: e.digest.write_bytes(b"\xff" * 64),
    "another shape": lambda e: e.save(_codes(e)[:-1]),
    "another type": lambda e: e.save(_codes(e).astype(np.uint16)),
    "Fortran order": lambda e: e.save(np.asfortranarray(_codes(e))),
    "a pickle": _a_pickle,
    "a code out of range": _code_out_of_range,
    "valid codes of another meaning": _another_meaning,
    "unreadable": _unreadable,
    "writable by others": _writable_by_others,
    "a link": _a_link,
}


@pytest.mark.parametrize("how", CORRUPTIONS)
def test_a_bad_entry_is_made_again_and_written_over(lists: tuple[WordList, WordList], kernel_calls: list[int],
                                                     how: str) -> None:
    guesses, answers = lists
    Matrix.build(guesses, answers)
    e = entry(guesses, answers)
    CORRUPTIONS[how](e)
    assert matrixcache.load(e.folder, e.key, guesses, answers) is None
    m = Matrix.build(guesses, answers)
    assert kernel_calls == [1, 1]
    np.testing.assert_array_equal(m.codes, fresh(guesses, answers))
    assert not e.npy.is_symlink() and e.npy.stat().st_mode & 0o777 == 0o600
    loaded = matrixcache.load(e.folder, e.key, guesses, answers)  # written over: sound again
    assert loaded is not None
    np.testing.assert_array_equal(loaded, m.codes)


def test_a_load_that_fails_to_read_is_made_again(lists: tuple[WordList, WordList], kernel_calls: list[int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    guesses, answers = lists
    Matrix.build(guesses, answers)

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(matrixcache.np, "load", denied)  # (root reads a file of mode 000: this says the same)
    np.testing.assert_array_equal(Matrix.build(guesses, answers).codes, fresh(guesses, answers))
    assert kernel_calls == [1, 1]


# -- a folder that cannot be written ----------------------------------------------


def _no_temporary_files(folder: Path) -> None:
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


def test_no_cache_folder_computes_in_memory(lists: tuple[WordList, WordList], kernel_calls: list[int],
                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    guesses, answers = lists
    (tmp_path / "a file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a file"))  # no folder can be made there
    for _ in range(2):
        np.testing.assert_array_equal(Matrix.build(guesses, answers).codes, fresh(guesses, answers))
    assert kernel_calls == [1, 1]
    assert capsys.readouterr() == ("", "")  # silently, as the verdicts


@pytest.mark.parametrize("fails", ["the temporary file", "the rename"])
def test_a_full_disk_computes_in_memory(lists: tuple[WordList, WordList], kernel_calls: list[int],
                                        monkeypatch: pytest.MonkeyPatch, fails: str) -> None:
    guesses, answers = lists
    folder = private_cache(matrixcache.MATRICES)
    assert folder is not None

    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.tempfile if fails == "the temporary file" else files.os,
                        "mkstemp" if fails == "the temporary file" else "replace", full)
    np.testing.assert_array_equal(Matrix.build(guesses, answers).codes, fresh(guesses, answers))
    assert list(folder.iterdir()) == []  # nothing written, no temporary file left


def test_a_read_only_folder_computes_in_memory(lists: tuple[WordList, WordList], kernel_calls: list[int]) -> None:
    if ROOT:
        pytest.skip("root writes in a folder of mode 500")
    guesses, answers = lists
    folder = private_cache(matrixcache.MATRICES)
    assert folder is not None
    folder.chmod(0o500)
    try:
        for _ in range(2):
            np.testing.assert_array_equal(Matrix.build(guesses, answers).codes, fresh(guesses, answers))
        assert kernel_calls == [1, 1] and list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


# -- written atomically -------------------------------------------------------------


def test_a_temporary_file_of_a_writer_gone_is_cleared(lists: tuple[WordList, WordList]) -> None:
    guesses, answers = lists
    e = entry(guesses, answers)
    dead = e.folder / f".{e.key}.npy.999999999-x.tmp"  # (no process has that id)
    dead.write_bytes(b"half a matrix")
    Matrix.build(guesses, answers)
    assert not dead.exists()
    _no_temporary_files(e.folder)


def test_writers_and_readers_at_once_never_see_half_a_file(lists: tuple[WordList, WordList]) -> None:
    guesses, answers = lists
    e = entry(guesses, answers)
    want = fresh(guesses, answers)
    want.setflags(write=False)
    seen: list[np.ndarray | None] = []

    def write() -> None:
        for _ in range(20):
            matrixcache.store(e.folder, e.key, want)

    def read() -> None:
        for _ in range(40):
            seen.append(matrixcache.load(e.folder, e.key, guesses, answers))

    threads = [threading.Thread(target=f) for f in (write, write, read, read)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    found = [s for s in seen if s is not None]
    assert found, "no reader found the entry"
    for codes in found:
        np.testing.assert_array_equal(codes, want)
    _no_temporary_files(e.folder)


# -- the samples ------------------------------------------------------------------


@pytest.mark.parametrize("rows, cols", [(1, 1), (3, 200), (12972, 2315)])
def test_the_samples_spread_over_the_matrix(rows: int, cols: int) -> None:
    cells = matrixcache.sample_cells(rows, cols)
    assert len(cells) == matrixcache.SAMPLES
    assert all(0 <= i < rows and 0 <= j < cols for i, j in cells)
    assert {i for i, _ in cells} >= {0, rows - 1} and {j for _, j in cells} >= {0, cols - 1}
    if rows >= 64 and cols >= 64:
        assert len({i for i, _ in cells}) == len({j for _, j in cells}) == 64
    assert cells == matrixcache.sample_cells(rows, cols)
