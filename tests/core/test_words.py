"""Words, alphabets and word-list parsing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from generator.core.words import (
    LATIN,
    Alphabet,
    Letters,
    WordList,
    parse_wordlist,
    read_wordlist,
)
from generator.errors import WordListError

IJ = Alphabet("abcdefghijklmnopqrstuvwxyz", ("ij",))


@pytest.mark.parametrize(
    "alphabet, word, letters",
    [
        (LATIN, "cigar", ("c", "i", "g", "a", "r")),
        (IJ, "ijzer", ("ij", "z", "e", "r")),
        (IJ, "fijnst", ("f", "ij", "n", "s", "t")),
        (IJ, "bijij", ("b", "ij", "ij")),
        (IJ, "jiij", ("j", "i", "ij")),
        (LATIN, "ijzer", ("i", "j", "z", "e", "r")),
    ],
)
def test_split(alphabet: Alphabet, word: str, letters: tuple[str, ...]) -> None:
    assert alphabet.spell(word) == letters


def test_encode_uses_letter_indices_digraphs_last() -> None:
    assert IJ.encode("ijs") == [26, 18]
    assert LATIN.encode("abz") == [0, 1, 25]


@pytest.mark.parametrize(
    "chars, digraphs, message",
    [
        ("", (), "empty or repeats"),
        ("aba", (), "empty or repeats"),
        ("abc", ("ad",), "two characters of the alphabet"),
        ("abc", ("abc",), "two characters of the alphabet"),
    ],
)
def test_bad_alphabets(chars: str, digraphs: tuple[str, ...], message: str) -> None:
    with pytest.raises(WordListError, match=message):
        Alphabet(chars, digraphs)


def test_split_rejects_foreign_characters() -> None:
    with pytest.raises(WordListError, match="'é' is not in the alphabet"):
        LATIN.spell("café")


def test_parse_wordlist_basics() -> None:
    wl = parse_wordlist(["cigar", "", "  rebut  ", "sissy"], id="demo")
    assert wl.words == ("cigar", "rebut", "sissy")
    assert len(wl) == 3 and "rebut" in wl and "humph" not in wl
    assert list(wl) == ["cigar", "rebut", "sissy"]
    assert wl.position["sissy"] == 2
    assert repr(wl) == "<WordList 'demo': 3 words of length 5>"


def test_codes_are_read_only_bytes() -> None:
    wl = parse_wordlist(["abc", "cab"], id="demo", length=3)
    assert wl.codes.dtype == np.uint8
    assert wl.codes.tolist() == [[0, 1, 2], [2, 0, 1]]
    with pytest.raises(ValueError):
        wl.codes[0, 0] = 5


def test_codes_with_digraphs() -> None:
    wl = parse_wordlist(["ijzer", "zijde"], id="demo", alphabet=IJ, length=4)
    assert wl.codes.shape == (2, 4)
    assert wl.codes[0, 0] == 26 and wl.codes[1, 1] == 26


@pytest.mark.parametrize(
    "lines, kwargs, message",
    [
        (["cigar", "rebus", "ab"], {}, r"^words\.txt:3: 'ab' has 2 letters, expected 5$"),
        (["cigar", "ijzeren"], {"alphabet": IJ}, r"^words\.txt:2: 'ijzeren' has 6 letters, expected 5$"),
        (["cigar", "Rebut"], {}, r"^words\.txt:2: 'Rebut': character 'R' is not in the alphabet$"),
        (["cigar", "re-but"], {"length": 0}, r"^words\.txt:2: 're-but': character '-'"),
        (["cigar", "", "rebut", "cigar"], {}, r"^words\.txt:4: duplicate word 'cigar' \(first on line 1\)$"),
        ([], {}, r"^words\.txt: the word list is empty$"),
        (["", "  "], {}, r"^words\.txt: the word list is empty$"),
        (["ab"], {"length": 1}, r"^words\.txt: word length 1 is outside 2\.\.20$"),
        (["ab"], {"length": 21}, r"^words\.txt: word length 21 is outside 2\.\.20$"),
    ],
)
def test_parse_wordlist_errors_name_file_and_line(lines: list[str], kwargs: dict, message: str) -> None:
    with pytest.raises(WordListError, match=message):
        parse_wordlist(lines, id="demo", origin="words.txt", **kwargs)


def test_parse_wordlist_names_the_id_without_origin() -> None:
    with pytest.raises(WordListError, match=r"^demo:2: "):
        parse_wordlist(["cigar", "cigar"], id="demo")


def test_digraph_words_count_letters() -> None:
    # 'ijzer' is five characters but four letters with 'ij'
    wl = parse_wordlist(["ijzer", "ijver"], id="x", alphabet=IJ, length=4)
    assert wl.words == ("ijzer", "ijver")
    with pytest.raises(WordListError, match="has 5 letters, expected 4"):
        parse_wordlist(["ijzer"], id="x", length=4)


def test_mixed_length_list() -> None:
    wl = parse_wordlist(["ab", "abc", "abcd", "bcd"], id="mix", length=0)
    assert len(wl) == 4
    with pytest.raises(WordListError, match="mixed lengths"):
        _ = wl.codes
    three = wl.with_length(3)
    assert three.words == ("abc", "bcd") and three.length == 3 and three.id == "mix/3"
    assert three.codes.shape == (2, 3)
    groups = wl.by_length()
    assert list(groups) == [2, 3, 4]
    for n, part in groups.items():
        other = wl.with_length(n)
        assert (part.words, part.length, part.id) == (other.words, other.length, other.id)


def test_indices() -> None:
    wl = parse_wordlist(["abc", "bcd", "cde"], id="demo", length=3)
    assert wl.indices(["cde", "abc"]).tolist() == [2, 0]
    with pytest.raises(WordListError, match="'xyz' is not in word list 'demo'"):
        wl.indices(["abc", "xyz"])


def test_starting_with_and_first_letters() -> None:
    wl = parse_wordlist(["ijs", "ink", "jas", "aap"], id="demo", alphabet=IJ, length=0)
    assert wl.starting_with("ij") == ("ijs",)
    assert wl.starting_with("i") == ("ink",)
    assert wl.first_letters() == ["a", "i", "j", "ij"]


def test_read_wordlist(tmp_path: Path) -> None:
    path = tmp_path / "demo.txt"
    path.write_text("cigar\nrebut\n", encoding="utf-8")
    wl = read_wordlist(path, id="demo")
    assert wl.words == ("cigar", "rebut") and wl.id == "demo"


def test_read_wordlist_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("cigar\nrebut\ncigar\n", encoding="utf-8")
    with pytest.raises(WordListError, match=rf"^{path}:3: duplicate word 'cigar'"):
        read_wordlist(path, id="bad")
    with pytest.raises(WordListError, match="no such word-list file"):
        read_wordlist(tmp_path / "missing.txt", id="missing")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("caf\xe9s\n".encode("latin-1"))
    with pytest.raises(WordListError, match="not UTF-8"):
        read_wordlist(latin1, id="latin1")


def test_wordlist_equality_is_by_value() -> None:
    a = WordList("x", ("abc",), LATIN, 3)
    b = WordList("x", ("abc",), LATIN, 3)
    assert a == b


def test_letters_are_equal_when_their_digraphs_are() -> None:
    """Letters is a value: equal splitters hash alike (sheets cache tiles by it)."""
    assert Letters(("ij",)) == Letters(["ij"]) and hash(Letters(("ij",))) == hash(Letters(["ij"]))
    assert Letters(("ij",)) != Letters() and len({Letters(), Letters(()), Letters(("ij",))}) == 2


def test_a_byte_order_mark_is_no_character(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffcigar\nrebut\n".encode())  # as a Windows editor saves UTF-8
    assert read_wordlist(path, id="bom").words == ("cigar", "rebut")
