"""The feedback engine: scalar reference, vectorized matrix, pattern codes."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.catalog import load_list
from generator.core.feedback import (
    GREEN,
    GREY,
    YELLOW,
    all_green,
    code_dtype,
    feedback,
    feedback_matrix,
    parse_pattern,
    pattern_code,
    pattern_string,
    replier,
)
from generator.core.words import Alphabet
from generator.errors import PatternError

# -- the scalar reference ------------------------------------------------------


@pytest.mark.parametrize(
    "guess, secret, pattern",
    [
        # pinned by the issue
        ("ninny", "annex", "Y.G.."),
        ("mosso", "misos", "GYGY."),
        ("sassy", "misos", "Y.G.."),
        # no letters in common, all in place
        ("abcde", "fghij", "....."),
        ("cigar", "cigar", "GGGGG"),
        ("abcde", "eabcd", "YYYYY"),
        # a guessed letter twice, once in the secret: the green wins over the yellow
        ("eerie", "abide", "...YG"),
        ("geese", "those", "...GG"),
        # twice in the guess, once in the secret, neither in place: only the first is yellow
        ("allot", "lever", ".Y..."),
        ("speed", "abide", "..Y.Y"),
        # twice in both, neither in place: both yellow
        ("llama", "hello", "YY..."),
        # three copies guessed, two in the secret
        ("eeeee", "geese", ".GG.G"),
        ("sassy", "sissy", "G.GGG"),
        ("esses", "mosso", ".YG.."),
        # the secret has the letter twice, the guess once
        ("stare", "sassy", "G.Y.."),
        ("abbey", "babes", "YYGG."),
        ("kebab", "abbey", ".YGYY"),
        # every mark a yellow of the same letter
        ("xaax", "axxa", "YYYY"),
    ],
)
def test_feedback_pinned(guess: str, secret: str, pattern: str) -> None:
    assert feedback(guess, secret) == pattern


def test_marks_are_the_documented_characters() -> None:
    assert (GREEN, YELLOW, GREY) == ("G", "Y", ".")


def test_feedback_with_digraph_letters() -> None:
    ij = Alphabet("abcdefghijklmnopqrstuvwxyz", ("ij",))
    reply = replier(ij.spell)
    # 'ijzer' is four letters; 'ij' matches 'ij', never 'i' or 'j' alone
    assert reply("ijzer", "ijver") == "G.GG"
    assert reply("ijzer", "zijer") == "YYGG"
    assert feedback(ij.spell("ijsje"), ij.spell("ijsje")) == "GGGG"
    assert feedback(("ij", "s"), ("s", "ij")) == "YY"
    assert feedback(("i", "j"), ("ij", "x")) == ".."


def test_feedback_rejects_different_lengths() -> None:
    with pytest.raises(PatternError, match="differ in length"):
        feedback("abc", "abcd")


# -- hypothesis properties -----------------------------------------------------

LETTERS = "abcde"


def words(alphabet: str = LETTERS, min_size: int = 2, max_size: int = 20) -> st.SearchStrategy:
    return st.lists(st.sampled_from(alphabet), min_size=min_size, max_size=max_size).map(tuple)


@st.composite
def pairs(draw: st.DrawFn, alphabet: str = LETTERS) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = draw(st.integers(2, 20))
    guess = draw(st.lists(st.sampled_from(alphabet), min_size=n, max_size=n))
    secret = draw(st.lists(st.sampled_from(alphabet), min_size=n, max_size=n))
    return tuple(guess), tuple(secret)


@given(words())
def test_feedback_of_a_word_with_itself_is_all_green(word: tuple[str, ...]) -> None:
    assert feedback(word, word) == GREEN * len(word)


@given(pairs())
def test_greens_and_yellows_never_exceed_common_letters(pair: tuple) -> None:
    guess, secret = pair
    pattern = feedback(guess, secret)
    common = sum((Counter(guess) & Counter(secret)).values())
    assert pattern.count(GREEN) + pattern.count(YELLOW) == common


@given(pairs())
def test_greens_are_exactly_the_equal_places(pair: tuple) -> None:
    guess, secret = pair
    pattern = feedback(guess, secret)
    assert [m == GREEN for m in pattern] == [g == s for g, s in zip(guess, secret)]


@given(pairs())
def test_yellows_go_left_to_right(pair: tuple) -> None:
    """A grey copy of a letter never comes before a yellow copy of it."""
    guess, secret = pair
    pattern = feedback(guess, secret)
    for letter in set(guess):
        marks = [m for g, m in zip(guess, pattern) if g == letter and m != GREEN]
        assert marks == sorted(marks, key=lambda m: m == GREY)


@given(st.integers(1, 20).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 3**n - 1))))
def test_pattern_code_round_trip(n_code: tuple[int, int]) -> None:
    n, code = n_code
    pattern = pattern_string(code, n)
    assert len(pattern) == n
    assert pattern_code(pattern) == code


@given(st.text(alphabet="GY.", min_size=1, max_size=20))
def test_pattern_string_round_trip(pattern: str) -> None:
    assert pattern_string(pattern_code(pattern), len(pattern)) == pattern


@pytest.mark.parametrize("length", [2, 5, 6, 10, 11, 20])
def test_code_dtype_holds_every_code(length: int) -> None:
    assert np.iinfo(code_dtype(length)).max >= all_green(length)


def test_code_dtype_refuses_over_20() -> None:
    with pytest.raises(PatternError, match="over 20"):
        code_dtype(21)


def test_all_green_is_the_code_of_the_green_pattern(kit) -> None:
    assert all_green(5) == pattern_code("GGGGG") == 242


@pytest.mark.parametrize(
    "code, length, message",
    [(-1, 5, "out of range"), (243, 5, "out of range")],
)
def test_pattern_string_rejects_bad_codes(code: int, length: int, message: str) -> None:
    with pytest.raises(PatternError, match=message):
        pattern_string(code, length)


def test_pattern_code_rejects_bad_marks() -> None:
    with pytest.raises(PatternError, match="'x' is not one of"):
        pattern_code("GGxGG")


@pytest.mark.parametrize(
    "text, pattern", [("gyw.w", "GY..."), ("GY---", "GY..."), (" g_y_g ", "G.Y.G")]
)
def test_parse_pattern(text: str, pattern: str) -> None:
    assert parse_pattern(text, 5) == pattern


@pytest.mark.parametrize(
    "text, message", [("gyq..", "'q' is not one of"), ("gy..", "has 4 marks, expected 5")]
)
def test_parse_pattern_errors(text: str, message: str) -> None:
    with pytest.raises(PatternError, match=message):
        parse_pattern(text, 5)


# -- the matrix equals the scalar ---------------------------------------------


def _codes(words: list[tuple[str, ...]], letters: str | tuple[str, ...]) -> np.ndarray:
    index = {letter: i for i, letter in enumerate(letters)}
    return np.array([[index[c] for c in w] for w in words], dtype=np.int64)


def _check_matrix(guesses: list, secrets: list, letters) -> None:  # type: ignore[no-untyped-def]
    length = len(guesses[0])
    m = feedback_matrix(_codes(guesses, letters), _codes(secrets, letters), len(letters))
    assert m.shape == (len(guesses), len(secrets))
    assert m.dtype == code_dtype(length)
    for i, g in enumerate(guesses):
        for j, s in enumerate(secrets):
            assert pattern_string(int(m[i, j]), length) == feedback(g, s), (g, s)


@st.composite
def word_sets(draw: st.DrawFn, alphabet: tuple[str, ...] | str) -> tuple[list, list]:
    n = draw(st.integers(2, 20))
    word = st.lists(st.sampled_from(alphabet), min_size=n, max_size=n).map(tuple)
    return draw(st.lists(word, min_size=1, max_size=6)), draw(st.lists(word, min_size=1, max_size=6))


@settings(max_examples=60, deadline=None)
@given(word_sets("abc"))
def test_matrix_equals_scalar_small_alphabet(sets: tuple) -> None:
    _check_matrix(*sets, "abc")


@settings(max_examples=60, deadline=None)
@given(word_sets(tuple("abcdefghijklmnopqrstuvwxyz") + ("ij",)))
def test_matrix_equals_scalar_digraph_alphabet(sets: tuple) -> None:
    _check_matrix(*sets, tuple("abcdefghijklmnopqrstuvwxyz") + ("ij",))


@st.composite
def random_alphabet_sets(draw: st.DrawFn) -> tuple[list, list, tuple[str, ...]]:
    size = draw(st.integers(1, 256))
    letters = tuple(f"L{i}" for i in range(size))
    # draw letter indices from a few of the letters, often including the last ones
    used = draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=4, unique=True))
    guesses, secrets = draw(word_sets(tuple(letters[i] for i in used)))
    return guesses, secrets, letters


@settings(max_examples=60, deadline=None)
@given(random_alphabet_sets())
def test_matrix_equals_scalar_random_alphabets(data: tuple) -> None:
    guesses, secrets, letters = data
    _check_matrix(guesses, secrets, letters)


@pytest.mark.parametrize("length", range(2, 21))
def test_matrix_equals_scalar_every_length(length: int) -> None:
    rng = random.Random(length)
    letters = "abcd"
    guesses = [tuple(rng.choice(letters) for _ in range(length)) for _ in range(15)]
    secrets = [tuple(rng.choice(letters) for _ in range(length)) for _ in range(15)]
    guesses.append(tuple("d" * length))
    secrets.append(tuple("d" * length))
    _check_matrix(guesses, secrets, letters)


def test_matrix_length_20_all_green_does_not_overflow(kit) -> None:
    word = np.arange(20, dtype=np.uint8).reshape(1, 20)
    m = feedback_matrix(word, word, 20)
    assert m.dtype == np.uint32
    assert int(m[0, 0]) == all_green(20) == 3**20 - 1


def test_matrix_refuses_mismatched_shapes() -> None:
    with pytest.raises(PatternError, match="same L"):
        feedback_matrix(np.zeros((2, 5)), np.zeros((2, 4)))


def test_matrix_refuses_over_20_letters() -> None:
    with pytest.raises(PatternError, match="over 20"):
        feedback_matrix(np.zeros((1, 21)), np.zeros((1, 21)))


@pytest.mark.parametrize("bad", [256, 300, -1])
def test_matrix_refuses_letter_codes_out_of_range(bad: int) -> None:
    # a code that does not fit in a byte must not wrap around silently
    g = np.array([[bad, 1, 2]])
    s = np.array([[bad % 256, 1, 2]])
    with pytest.raises(PatternError, match="letter codes"):
        feedback_matrix(g, s)


def test_matrix_refuses_codes_over_nletters() -> None:
    with pytest.raises(PatternError, match="letter codes"):
        feedback_matrix(np.array([[0, 30]]), np.array([[0, 1]]), nletters=26)


def test_matrix_of_empty_lists() -> None:
    m = feedback_matrix(np.zeros((0, 5)), np.zeros((3, 5)))
    assert m.shape == (0, 3)


# -- the shipped lists ---------------------------------------------------------


def _sample_pairs(guesses, secrets, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    return rng.integers(0, len(guesses), n), rng.integers(0, len(secrets), n)


def test_full_wordle_matrix_equals_scalar_on_random_pairs(kit) -> None:
    allowed, answers = load_list("wordle-allowed"), load_list("wordle-answers")
    m = feedback_matrix(allowed.codes, answers.codes, len(allowed.alphabet.letters))
    assert m.shape == (12972, 2315) and m.dtype == np.uint8
    rows, cols = _sample_pairs(allowed, answers, 4000, seed=2)
    for i, j in zip(rows, cols):
        g, s = allowed.words[i], answers.words[j]
        assert pattern_string(int(m[i, j]), 5) == feedback(g, s), (g, s)
    # the diagonal of the answers: every answer against itself is all green
    idx = allowed.indices(answers.words)
    assert (m[idx, np.arange(len(answers))] == all_green(5)).all()


def test_full_digraph_matrix_equals_scalar_on_words_with_ij() -> None:
    words = load_list("nl-all-5-ij")
    spell = words.alphabet.spell
    with_ij = [w for w in words.words if "ij" in spell(w)]
    assert len(with_ij) > 300
    sub = words.indices(with_ij)
    m = feedback_matrix(words.codes[sub], words.codes, len(words.alphabet.letters))
    rng = random.Random(3)
    for _ in range(3000):
        i, j = rng.randrange(len(with_ij)), rng.randrange(len(words))
        g, s = with_ij[i], words.words[j]
        assert pattern_string(int(m[i, j]), 5) == feedback(spell(g), spell(s)), (g, s)
    # 'ij' is one letter: six characters, five letters, five marks
    assert words.codes.shape[1] == 5
    assert any(len(w) == 6 for w in with_ij)
