"""Words, letters, alphabets and word lists.

Vocabulary used everywhere in the package:

* a **Word** is text as a player writes it (``"ijzer"``);
* a **Letter** is one unit of a word: one character, or a declared digraph such
  as Dutch ``"ij"`` that counts as one letter (so ``"ijzer"`` has 4 letters);
* an **Alphabet** says which letters exist and how to spell a word in them (:meth:`Alphabet.spell`);
* a **WordList** is a validated, ordered, duplicate-free list of words of one
  length (or of any length), with the letters of every word encoded as small
  integers in a NumPy array for the vectorized feedback engine.

The word-list *catalog* (which lists ship, and where they come from) lives in
:mod:`generator.core.catalog`; this module only knows how to parse and validate.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from generator.core.files import FileError, read_limited
from generator.core.ids import short
from generator.errors import WordListError

Word = str
Letter = str

MIN_LENGTH = 2
MAX_LENGTH = 20
#: the largest word-list file read (the largest shipped, nl-all, is 4 MiB)
MAX_LIST_BYTES = 256 << 20


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "Œ": "OE", "Æ": "AE"})


def unaccented(word: str) -> Word:
    """``word`` as French LINGO (Motus, Sutom) puts it on tiles: accents
    removed, ligatures spelt out.

    >>> unaccented("élève"), unaccented("cœur"), unaccented("garçon")
    ('eleve', 'coeur', 'garcon')
    """
    decomposed = unicodedata.normalize("NFD", word.translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _unfit_letter(c: str) -> str:
    """Why ``c`` cannot be a letter of an alphabet ('' if it can): one
    character a browser counts as one (in the Basic Multilingual Plane; the
    pages index words by UTF-16 units), visible (no control or format
    character), composed (NFC: an accent as a mark of its own would make one
    word two spellings)."""
    if ord(c) > 0xFFFF:
        return "is outside the Basic Multilingual Plane (the pages count it as two)"
    category = unicodedata.category(c)
    if category[0] in "CZ":
        return "is a control, format, space or unassigned character"
    if category[0] == "M":
        return "is a combining mark: write words composed (Unicode NFC)"
    if unicodedata.normalize("NFC", c) != c:
        return "is not in composed form (Unicode NFC)"
    return ""


@dataclass(frozen=True)
class Alphabet:
    """The letters of a language: single characters plus optional digraphs.

    >>> Alphabet("abcdefghijklmnopqrstuvwxyz", ("ij",)).spell("ijzer")
    ('ij', 'z', 'e', 'r')
    >>> Alphabet("abc").spell("cab")
    ('c', 'a', 'b')
    """

    chars: str
    digraphs: tuple[str, ...] = ()
    letters: tuple[Letter, ...] = field(init=False, repr=False, compare=False)
    index: dict[Letter, int] = field(init=False, repr=False, compare=False)
    _charset: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.chars)) != len(self.chars) or not self.chars:
            raise WordListError(f"alphabet {self.chars!r} is empty or repeats a character")
        for c in self.chars:
            why = _unfit_letter(c)
            if why:
                raise WordListError(f"alphabet: {c!r} (U+{ord(c):04X}) {why}")
        for d in self.digraphs:
            if len(d) != 2 or any(c not in self.chars for c in d):
                raise WordListError(f"digraph {d!r} must be two characters of the alphabet")
        letters = tuple(self.chars) + tuple(self.digraphs)
        object.__setattr__(self, "letters", letters)
        object.__setattr__(self, "index", {letter: i for i, letter in enumerate(letters)})
        object.__setattr__(self, "_charset", frozenset(self.chars))

    def spell(self, word: Word) -> tuple[Letter, ...]:
        """A word's letters, taking a digraph wherever one starts.

        Raises :class:`WordListError` for a character outside the alphabet.
        """
        if self._charset.issuperset(word) and not any(d in word for d in self.digraphs):
            return tuple(word)  # the common case, fast: every character is a letter
        out: list[Letter] = []
        i = 0
        while i < len(word):
            pair = word[i : i + 2]
            if pair in self.digraphs:
                out.append(pair)
                i += 2
                continue
            ch = word[i]
            if ch not in self.index:
                raise WordListError(f"{short(word)!r}: character {ch!r} is not in the alphabet")
            out.append(ch)
            i += 1
        return tuple(out)

    def encode(self, word: Word) -> list[int]:
        """Letter indices of a word."""
        return [self.index[letter] for letter in self.spell(word)]


LATIN = Alphabet("abcdefghijklmnopqrstuvwxyz")


class Letters:
    """Splits words into letters as a game says: a declared digraph is one
    letter, any other character is one letter. Unlike :class:`Alphabet` it
    takes any character, so it splits the words of a tree file as its
    ``game.digraphs`` say, whatever the lists.

    >>> Letters(("ij",)).spell("ijzer")
    ('ij', 'z', 'e', 'r')
    """

    def __init__(self, digraphs: Sequence[str] = ()) -> None:
        self._digraphs = tuple(digraphs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Letters) and other._digraphs == self._digraphs

    def __hash__(self) -> int:
        return hash(self._digraphs)

    def spell(self, word: Word) -> tuple[Letter, ...]:
        if not any(d in word for d in self._digraphs):
            return tuple(word)
        out: list[Letter] = []
        i = 0
        while i < len(word):
            if word[i:i + 2] in self._digraphs:
                out.append(word[i:i + 2])
                i += 2
            else:
                out.append(word[i])
                i += 1
        return tuple(out)


@dataclass(frozen=True)
class WordList:
    """An ordered, validated list of distinct words.

    ``length`` is the number of letters of every word, or 0 for a list of
    mixed lengths (then ``codes`` is not available).
    """

    id: str
    words: tuple[Word, ...]
    alphabet: Alphabet = LATIN
    length: int = 5
    language: str = ""
    position: dict[Word, int] = field(init=False, repr=False, compare=False)
    _codes: np.ndarray | None = field(init=False, repr=False, compare=False)
    _by_first: dict[Letter, tuple[Word, ...]] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", {w: i for i, w in enumerate(self.words)})
        object.__setattr__(self, "_codes", None)
        object.__setattr__(self, "_by_first", None)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.position

    def __repr__(self) -> str:
        return f"<WordList {self.id!r}: {len(self.words)} words of length {self.length}>"

    def spell(self, word: Word) -> tuple[Letter, ...]:
        return self.alphabet.spell(word)

    @property
    def codes(self) -> np.ndarray:
        """``(n, length)`` array of letter indices (uint8), computed once."""
        if self.length == 0:
            raise WordListError(f"word list {self.id!r} has words of mixed lengths")
        if self._codes is None:
            arr = np.array([self.alphabet.encode(w) for w in self.words], dtype=np.uint8)
            arr = arr.reshape(len(self.words), self.length)
            arr.setflags(write=False)
            object.__setattr__(self, "_codes", arr)
        assert self._codes is not None
        return self._codes

    def indices(self, words: Iterable[Word]) -> np.ndarray:
        """Positions of the given words in this list (raises for an unknown word)."""
        out = []
        for w in words:
            if w not in self.position:
                raise WordListError(f"{w!r} is not in word list {self.id!r}")
            out.append(self.position[w])
        return np.array(out, dtype=np.int64)

    def starting_with(self, letter: Letter) -> tuple[Word, ...]:
        """The words whose first letter is ``letter`` (a digraph counts as one),
        in list order; the list is grouped by first letter once."""
        if self._by_first is None:
            groups: dict[Letter, list[Word]] = {}
            for w in self.words:
                groups.setdefault(self.alphabet.spell(w)[0], []).append(w)
            object.__setattr__(self, "_by_first", {first: tuple(ws) for first, ws in groups.items()})
        assert self._by_first is not None
        return self._by_first.get(letter, ())

    def first_letters(self) -> list[Letter]:
        """The first letters that occur, in alphabet order."""
        seen = {self.alphabet.spell(w)[0] for w in self.words}
        return [letter for letter in self.alphabet.letters if letter in seen]

    def with_length(self, length: int) -> WordList:
        """The words of this (mixed-length) list that have ``length`` letters."""
        words = tuple(w for w in self.words if len(self.alphabet.spell(w)) == length)
        return WordList(f"{self.id}/{length}", words, self.alphabet, length, self.language)

    def by_length(self) -> dict[int, WordList]:
        """:meth:`with_length` for every length that occurs, in one pass over the words."""
        groups: dict[int, list[Word]] = {}
        for w in self.words:
            groups.setdefault(len(self.alphabet.spell(w)), []).append(w)
        return {n: WordList(f"{self.id}/{n}", tuple(ws), self.alphabet, n, self.language)
                for n, ws in sorted(groups.items())}


def parse_wordlist(
    lines: Sequence[str],
    *,
    id: str,
    alphabet: Alphabet = LATIN,
    length: int = 5,
    language: str = "",
    origin: str = "",
) -> WordList:
    """Validate the lines of a word-list file and return the WordList.

    Blank lines are ignored. Every other line must be one word of ``length``
    letters (any length if 0) from ``alphabet``; no word may repeat.

    Raises
    ------
    WordListError
        naming ``origin`` (the file) and the line number of the first problem.

    Examples
    --------
    >>> parse_wordlist(["cigar", "rebut"], id="demo").words
    ('cigar', 'rebut')
    >>> parse_wordlist(["cigar", "cigar"], id="demo", origin="x.txt")
    Traceback (most recent call last):
    ...
    generator.errors.WordListError: x.txt:2: duplicate word 'cigar' (first on line 1)
    """
    where = origin or id
    if length and not MIN_LENGTH <= length <= MAX_LENGTH:
        raise WordListError(f"{where}: word length {length} is outside {MIN_LENGTH}..{MAX_LENGTH}")
    words: list[Word] = []
    first_line: dict[Word, int] = {}
    for number, raw in enumerate(lines, start=1):
        word = raw.strip()
        if not word:
            continue
        try:
            letters = alphabet.spell(word)
        except WordListError as exc:
            raise WordListError(f"{where}:{number}: {exc}") from None
        if length and len(letters) != length:
            raise WordListError(
                f"{where}:{number}: {short(word)!r} has {len(letters)} letters, expected {length}"
            )
        if word in first_line:
            raise WordListError(
                f"{where}:{number}: duplicate word {short(word)!r} (first on line {first_line[word]})"
            )
        first_line[word] = number
        words.append(word)
    if not words:
        raise WordListError(f"{where}: the word list is empty")
    return WordList(id, tuple(words), alphabet, length, language)


def read_wordlist(
    path: Path,
    *,
    id: str,
    alphabet: Alphabet = LATIN,
    length: int = 5,
    language: str = "",
) -> WordList:
    """Read and validate a word-list file (UTF-8, one word a line): a
    regular file of at most :data:`MAX_LIST_BYTES`."""
    try:
        raw = read_limited(Path(path), MAX_LIST_BYTES, "word-list file")
    except FileError as exc:
        raise WordListError(str(exc).replace(": no such file", ": no such word-list file")) from None
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (Windows editors) is no character
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise WordListError(f"{path}:{line}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    return parse_wordlist(
        text.splitlines(), id=id, alphabet=alphabet, length=length, language=language, origin=str(path)
    )
