"""Feedback matrices kept in the user's cache, so that a command does not wait for one.

A set-up's feedback matrix (:meth:`generator.core.partition.Matrix.build`)
depends only on its two word lists, yet computing it is most of a
command's start: Wordle's 12,972 x 2,315 codes take numba's import and the
kernel, 0.5 s of a 1.3 s start. :func:`cached_matrix` computes it once and
keeps it in the user's cache folder (:mod:`generator.core.usercache`,
``matrices/``); a later process maps the file read-only
(``np.load(..., mmap_mode="r")``), so the processes of a pool share its
pages, and does not import numba for it.

An **entry** is two files named by its **key**:

* ``<key>.npy``, the codes in NumPy's format;
* ``<key>.sha256``, the SHA-256 of that whole file in ``sha256sum``'s
  format (``sha256sum -c <key>.sha256`` checks it by hand).

The key is the SHA-256 of everything the codes depend on
(:func:`matrix_key`): both lists' words in order, their letters (a letter's
index is what the kernel compares), the word length, the code type and
:data:`generator.core.feedback.FEEDBACK_VERSION`. A changed list, or a
changed meaning of the codes, asks for another entry.

**Checked on load** (:func:`load`): both files are this user's alone
(:func:`generator.core.usercache.private`), the header says the shape and
type the key promises, the file's SHA-256 is the one beside it, every code
is below ``3**length``, and :data:`SAMPLES` cells spread over the matrix
equal the pure-Python reference (:func:`generator.core.feedback.feedback`).
The digest of the whole file is the costly part (Wordle's 29 MiB: 17 ms
of 20 ms in all; nl-8's 737 MiB: 0.45 s, where computing it takes 11 s);
the samples catch a file whose digest is right but whose meaning is not (a
kernel changed without a bump of the version). Anything else (a file
missing, cut short, of another shape, of garbage bytes, unreadable) is
made again and written over.

**Written atomically** (:func:`store`): each file through a private
temporary file in the same folder and ``os.replace``, the matrix before its
digest, so a process never sees half a file (two workers that start
together both compute it and write the same bytes). No file is written in
place: a process that maps one keeps it whole while another replaces it
(a file cut short under a mapping would crash its reader). A cache folder that
cannot be written (none, not this user's alone, read-only, full) leaves the
matrix computed in memory, silently, as the verdicts do
(:mod:`generator.runs.verdicts`): a cache saves time, never changes an answer.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.lib.format as npy

from generator.core.feedback import FEEDBACK_VERSION, code_dtype, feedback, pattern_code
from generator.core.files import FileError, write_atomic
from generator.core.usercache import private, private_cache
from generator.core.words import WordList

MATRICES = "matrices"  # the folder of the entries, in the cache folder

#: cells of a loaded matrix compared with the pure-Python reference
SAMPLES = 64

Make = Callable[[], np.ndarray]  # computes the codes where the cache has none


def cached_matrix(guesses: WordList, answers: WordList, make: Make) -> np.ndarray:
    """The feedback matrix of ``guesses`` x ``answers``, read-only: the
    user's cache's where it holds a sound one, else ``make()``'s, which is
    then kept there.

    ``make`` must compute exactly that matrix; lists of no words, of mixed
    lengths or of two lengths are not cached (``make`` says what is wrong)."""
    if not (len(guesses) and len(answers) and guesses.length == answers.length > 0):
        return _read_only(make())
    folder = private_cache(MATRICES)
    if folder is None:
        return _read_only(make())
    key = matrix_key(guesses, answers)
    codes = load(folder, key, guesses, answers)
    if codes is None:
        codes = _read_only(make())
        store(folder, key, codes)
    return codes


def matrix_key(guesses: WordList, answers: WordList) -> str:
    """The name of the entry of ``guesses`` x ``answers``: a SHA-256 of all
    the codes depend on (the lists' ids are left out: the same words under
    another name share an entry)."""
    dtype = np.dtype(code_dtype(answers.length))
    h = hashlib.sha256(f"lingo-trees feedback matrix {FEEDBACK_VERSION} {dtype.str}\0".encode())
    for words in (guesses, answers):
        h.update(f"{words.length} {len(words)}\0".encode())
        h.update("\1".join(words.alphabet.letters).encode() + b"\0")
        h.update("\n".join(words.words).encode() + b"\0")
    return h.hexdigest()


def load(folder: Path, key: str, guesses: WordList, answers: WordList) -> np.ndarray | None:
    """The entry ``key`` of ``folder``, mapped read-only, if it passes every
    check of the module's docstring; None if it does not."""
    path, digest = folder / f"{key}.npy", _digest_path(folder, key)
    if not (private(path) and private(digest)):
        return None
    shape = (len(guesses), len(answers))
    try:
        codes = np.load(path, mmap_mode="r", allow_pickle=False)
        if not isinstance(codes, np.memmap) or codes.shape != shape or codes.dtype != code_dtype(answers.length) \
                or not codes.flags.c_contiguous:
            return None
        with digest.open("rb") as fh:
            said = fh.read(200)
        if said != _digest_line(key, _file_sha256(path, codes)):
            return None
    except (OSError, ValueError, TypeError, EOFError):  # unreadable, cut short, not NumPy's format
        return None
    codes = np.asarray(codes)  # (a plain ndarray: numba's calls type it fastest)
    if int(codes.max()) >= 3**answers.length:
        return None
    for g, a in sample_cells(*shape):
        if int(codes[g, a]) != _reference(guesses, answers, g, a):
            return None
    return codes


def store(folder: Path, key: str, codes: np.ndarray) -> bool:
    """Keep ``codes`` as the entry ``key`` of ``folder`` (False: it could
    not be written; the folder is left as it was, but for what another
    process wrote)."""
    codes = np.ascontiguousarray(codes)
    header = io.BytesIO()
    npy.write_array_header_1_0(header, npy.header_data_from_array_1_0(codes))
    h = hashlib.sha256(header.getvalue())
    h.update(codes.data)

    def write(fh: BinaryIO) -> None:
        fh.write(header.getvalue())
        codes.tofile(fh)  # (straight from memory; np.save to a file does the same)

    if not _write_private(folder / f"{key}.npy", write):
        return False
    line = _digest_line(key, h.hexdigest())
    return _write_private(_digest_path(folder, key), line)


def sample_cells(rows: int, cols: int, n: int = SAMPLES) -> list[tuple[int, int]]:
    """``n`` cells spread over a ``rows`` x ``cols`` matrix, the same every
    time: the rows evenly from the first to the last, the columns evenly
    too but shuffled (a stride of 37, prime to ``n``), so that neighbouring
    rows meet columns far apart.

    >>> sample_cells(100, 10, 5)
    [(0, 0), (24, 4), (49, 9), (74, 2), (99, 6)]
    """
    last = max(1, n - 1)
    return [(k * (rows - 1) // last, ((k * 37) % n) * (cols - 1) // last) for k in range(n)]


def _reference(guesses: WordList, answers: WordList, g: int, a: int) -> int:
    """The code of guess ``g`` against answer ``a`` by the pure-Python reference."""
    return pattern_code(feedback(guesses.spell(guesses.words[g]), answers.spell(answers.words[a])))


def _digest_path(folder: Path, key: str) -> Path:
    return folder / f"{key}.sha256"


def _digest_line(key: str, hexdigest: str) -> bytes:
    """The digest file's text: ``sha256sum``'s line for ``<key>.npy``."""
    return f"{hexdigest}  {key}.npy\n".encode()


def _file_sha256(path: Path, codes: np.memmap) -> str:
    """The SHA-256 of the file ``path`` whose data ``codes`` maps: its
    header read, its data hashed from the mapping (no copy)."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        header = fh.read(codes.offset)
    if len(header) != codes.offset:
        raise EOFError(f"{path}: shorter than its header")
    h.update(header)
    h.update(codes.data)  # (C-contiguous: checked by the caller)
    return h.hexdigest()


def _write_private(target: Path, data: bytes | Callable[[BinaryIO], object]) -> bool:
    """Write ``target``, this user's alone, through a temporary file and a
    rename (:func:`generator.core.files.write_atomic`); False where the
    folder cannot be written."""
    try:
        write_atomic(target, data, private=True, replace_link=True)  # (a link there is replaced, never followed)
    except FileError:
        return False
    return True


def _read_only(codes: np.ndarray) -> np.ndarray:
    """``codes``, made read-only: a matrix computed here is typed by numba
    as one loaded from the cache is (one compiled kernel for both)."""
    codes.setflags(write=False)
    return codes
