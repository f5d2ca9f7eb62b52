"""Clues, candidates, the regular expression and the best next guesses (generator/search/clues.py)."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.scoring import entropy, scm
from generator.core.words import LATIN, Alphabet, WordList
from generator.errors import PatternError
from generator.search.clues import (
    best_guesses,
    constraints,
    describe_counts,
    frequency_order,
    parse_clue,
    regex,
    solve,
)


def fits(word: str, pattern: str, cons) -> bool:  # type: ignore[no-untyped-def]
    counts = Counter(word)
    return (re.fullmatch(pattern, word) is not None
            and all(counts[c] >= n for c, n in cons.least.items())
            and all(counts[c] <= n for c, n in cons.most.items()))


@pytest.mark.parametrize("text, pattern", [
    ("agent=G....", "G...."), ("agent=gwwyw", "G..Y."), ("AGENT:gy-_.", "GY..."),
])
def test_parse_clue(text: str, pattern: str) -> None:
    clue = parse_clue(text, LATIN, 5)
    assert (clue.guess, clue.pattern) == ("agent", pattern)


@pytest.mark.parametrize("text, message", [
    ("agent", "write it as WORD=PATTERN"),
    ("agent=G...", "has 4 marks, expected 5"),
    ("agent=G...x", "'x' is not one of"),
    ("agents=G....", "has 6 letters, the words have 5"),
    ("ag3nt=G....", "not in the alphabet"),
])
def test_parse_clue_errors(text: str, message: str) -> None:
    with pytest.raises(PatternError, match=re.escape(message)):
        parse_clue(text, LATIN, 5)


def test_a_word_typed_with_accents_is_read_as_the_tiles_write_it() -> None:
    assert parse_clue("Élève=G.Y..", LATIN, 5).letters == tuple("eleve")
    assert parse_clue("cœurs=G.....", LATIN, 6).guess == "coeurs"
    accented = Alphabet("abcdefghijklmnopqrstuvwxyzäöü")  # a list whose alphabet has them keeps them
    assert parse_clue("bäume=G....", accented, 5).guess == "bäume"


def test_paper_regex() -> None:
    # the Word Mastermind paper's example: [^air][^ai][^ai]n
    assert regex(constraints([parse_clue("rain=ywwg", LATIN, 4)], 4), LATIN) == "[^air][^ai][^ai]n"


def test_duplicate_letters() -> None:
    c = constraints([parse_clue("sassy=Y.G..", LATIN, 5)], 5)
    assert describe_counts(c) == "must contain: s (exactly 2)"
    # an 's' may stand where the grey 'a' and 'y' stood: exactly two of them
    assert regex(c, LATIN) == "[^asy][^ay]s[^asy][^ay]"
    found = solve(load_list("en-enable-5"), [parse_clue("sassy=Y.G..", LATIN, 5)])
    assert "misos" in found.candidate_words()


@pytest.mark.parametrize("seed", range(6))
def test_regex_and_counts_are_the_clues(seed: int) -> None:
    """Invariant: for clues from a real game, the regex plus the letter counts
    select exactly the words the feedback engine selects."""
    words = load_list("wordle-answers")
    rng = np.random.default_rng(seed)
    secret = words.words[rng.integers(len(words))]
    guesses = [words.words[i] for i in rng.integers(len(words), size=1 + seed % 3)]
    clues = [parse_clue(f"{g}={feedback(g, secret)}", LATIN, 5) for g in guesses]
    found = solve(words, clues)
    assert secret in found.candidate_words()
    by_regex = [w for w in words.words if fits(w, found.regex, found.constraints)]
    assert by_regex == found.candidate_words()


def test_digraph_regex_matches_candidates() -> None:
    words = load_list("nl-basis-5-ij")
    pattern = feedback(words.spell("ijsbad"), words.spell("ijking"))
    found = solve(words, [parse_clue(f"ijsbad={pattern}", words.alphabet, 5)])
    assert found.regex.startswith("ij")
    assert found.candidate_words()
    assert all(re.fullmatch(found.regex, w) for w in found.candidate_words())
    # a grey digraph is excluded by a lookahead; elsewhere it is an alternative
    grey = solve(words, [parse_clue("kijken=.....", words.alphabet, 5)])
    assert grey.regex.startswith("(?!ij)[^ekn]")
    assert all(re.fullmatch(grey.regex, w) for w in grey.candidate_words())


def test_first_letter_and_contradiction() -> None:
    words = load_list("en-enable-5")
    found = solve(words, [parse_clue("about=G....", LATIN, 5),
                          parse_clue("alibi=GGGGG", LATIN, 5),
                          parse_clue("zzzzz=.....", LATIN, 5)], first="a")
    assert found.contradiction is not None
    assert (found.contradiction.clue, found.contradiction.text) == (1, "alibi=GGGGG")
    assert found.contradiction.before == len(solve(words, [parse_clue("about=G....", LATIN, 5)], "a").candidates)
    empty = solve(WordList("t", ("abc", "abd"), LATIN, 3), [], first="z")
    assert empty.contradiction is not None and empty.contradiction.clue == -1


def test_all_length_list() -> None:
    words = load_list("en-enable").with_length(7)
    found = solve(words, [parse_clue("agendas=G......", LATIN, 7)])
    assert len(found.candidates) == 37
    assert found.regex == "a[^degns][^degns][^degns][^degns][^adegns][^degns]"


def test_best_moves() -> None:
    pool = load_list("wordle-answers")
    moves = best_guesses(pool, ["baker", "maker", "taker", "waker"], scm, top=3)
    assert moves.moves[0].word == "thumb" and moves.moves[0].largest == 1
    assert moves.moves[0].expected == pytest.approx(1.0)
    # candidates only: each of the four leaves the other three together
    cands = WordList("c", ("baker", "maker", "taker", "waker"), LATIN, 5)
    best = best_guesses(cands, cands.words, entropy, top=4).moves
    assert [m.word for m in best] == ["baker", "maker", "taker", "waker"]
    assert all(m.candidate and m.largest == 3 and m.parts == 2 for m in best)


def test_best_moves_sample_when_large() -> None:
    pool = load_list("wordle-answers")
    moves = best_guesses(pool, pool.words, scm, top=1, max_pairs=len(pool) * 100)
    assert moves.sampled == 100


def test_frequency_order() -> None:
    pytest.importorskip("wordfreq")
    ranked = frequency_order(["fjord", "house", "abaci"], "en")
    assert [w for w, _ in ranked][0] == "house"
    assert ranked[0][1] > ranked[-1][1]


def test_alphabet_guard() -> None:
    with pytest.raises(PatternError):
        parse_clue("ab=GG", Alphabet("ab"), 3)
