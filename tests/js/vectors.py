"""The test vectors of the browser's game logic, written by the Python code it mirrors.

``generator/output/static/wordgame.js`` plays the games in the browser and
``lingo-trees-player.js`` walks the trees; each of their functions has a
Python original. This script runs the originals on seeded samples of the
shipped word lists and committed trees and writes what they answer as JSON;
``wordgame.test.mjs`` and ``player.test.mjs`` (``node --test tests/js/``) run
the JavaScript on the same input and must get the same. A drift between the
two fails there, without a browser.

=================  =====================================================  ==========================
vectors            the Python original                                    JavaScript
=================  =====================================================  ==========================
``feedback``       :func:`generator.core.feedback.feedback` (digraphs)    ``feedback``
``repeats``        the same on Wordle words with repeated letters         ``feedback``
``hard``           :func:`generator.core.rules.hard_mode_violation`       ``hardModeViolation``
``parse``          :func:`generator.core.feedback.parse_pattern`          ``parsePattern``
``pegs``           :func:`generator.core.kinds.pegs` (Mastermind)         ``pegs``
``clues``          :func:`generator.search.clues.solve`,                  ``fit``, ``constraints``,
                   ``describe_known``, ``describe_absent``,               ``describeKnown``,
                   ``describe_counts``                                    ``describeAbsent``,
                                                                          ``describeCounts``
``scores``         :func:`generator.search.clues.best_guesses` with       ``scoreGuesses``
                   :func:`generator.core.scoring.expected`
``days``           :func:`generator.output.practicedata.day_index`        ``dayIndex``
``plays``          :func:`generator.core.tree.play` on committed trees    ``play``
``hangman``        :func:`generator.core.kinds.replay_calls` on committed ``hangmanReplay``,
                   Hangman trees, :func:`~generator.core.kinds.mask`      ``hangmanFits``
``player``         :data:`generator.output.treefile.FORMAT`, ``READS``;   lingo-trees-player.js:
                   :func:`generator.next_guess` after each feedback of    ``FORMAT``, ``READS``,
                   sampled secrets of committed trees of every family     ``nextGuess``
=================  =====================================================  ==========================

Run: ``python tests/js/vectors.py OUT.json`` (the node test runs it itself).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import orjson

from generator.core.catalog import CHECKOUT, load_list
from generator.core.feedback import feedback, parse_pattern
from generator.core.kinds import codes_of, kind_of, mask, pegs, replay_calls
from generator.core.layout import TreeKey, tree_path
from generator.core.rules import hard_mode_violation
from generator.core.scoring import expected
from generator.core.tree import Node, Tree, play
from generator.core.words import WordList
from generator.errors import PatternError
from generator.output.practicedata import day_index
from generator.output.treefile import FORMAT, READS, read_tree
from generator.search.clues import Clue, best_guesses, describe_absent, describe_counts, describe_known, solve
from generator.search.player import next_guess

#: the committed trees replayed for every secret (a digraph set, TV rules, and a game of pegs)
PLAYS = ("nl/free/scm/q.json", "nl-ij/same-start/human/q.json", "en/free/optimal/z.json", "mastermind/4x6/knuth/all.json")
#: the committed Hangman trees replayed for every secret
HANGMAN = ("hangman/en-enable/6/optimal/4.json", "hangman/nl-basis/6/risk/3.json")
#: the committed trees, one of each family, whose next guesses are asked after each feedback of sampled secrets
NEXTS = ("nl/same-start/human/a.json", "nl-ij/same-start/human/q.json", "wordle/free/minimax/all.json",
         "mastermind/4x6/knuth/all.json", "hangman/en-enable/6/risk/3.json")
#: the word lists the clue and score vectors use (one with the digraph ij)
LISTS = ("wordle-answers", "nl-basis-5-ij")
#: the list of today's Wordle (the practice page's ``wordle-2023``): repeated letters and hard mode
WORDLE = "wordle-2023-allowed"
#: guesses and secrets whose letters repeat, each pair both ways: the cases the rule for repeats decides
REPEATS = (("ninny", "annex"), ("mosso", "misos"), ("sassy", "misos"), ("speed", "abide"), ("eerie", "elder"),
           ("geese", "eerie"), ("llama", "label"), ("array", "rarer"), ("kayak", "knack"), ("error", "roger"),
           ("sissy", "missy"), ("tatty", "treat"), ("abbey", "babes"), ("emcee", "creme"), ("queue", "quell"))


def _letters(words: WordList) -> dict[str, Any]:
    """What the JavaScript's ``new Letters(alphabet, digraphs)`` takes."""
    return {"alphabet": words.alphabet.chars, "digraphs": list(words.alphabet.digraphs)}


def list_vectors() -> dict[str, dict[str, Any]]:
    """The lists of :data:`LISTS`: their letters and words (the clue vectors' candidates index them)."""
    return {list_id: {**_letters(words), "words": list(words.words)} for list_id in LISTS
            for words in [load_list(list_id)]}


def feedback_vectors(rng: random.Random) -> list[dict[str, Any]]:
    """Guess, secret and pattern: every pair of a sample (with words of repeated letters) of each list."""
    out = []
    for list_id in LISTS:
        words = load_list(list_id)
        repeats = [w for w in words.words if len(set(words.spell(w))) < words.length]
        sample = rng.sample(words.words, 40) + rng.sample(repeats, 20)
        pairs = [[g, s, feedback(words.spell(g), words.spell(s))] for g in sample for s in sample]
        out.append({**_letters(words), "pairs": pairs})
    return out


def repeat_vectors(rng: random.Random) -> dict[str, Any]:
    """Guess, secret and pattern: the pinned pairs of :data:`REPEATS` (both
    ways), and every pair of words of today's Wordle list that repeat a letter."""
    words = load_list(WORDLE)
    repeats = [w for w in words.words if len(set(w)) < len(w)]
    sample = rng.sample(repeats, 60)
    pairs = [(g, s) for a, b in REPEATS for g, s in ((a, b), (b, a))] + [(g, s) for g in sample for s in sample]
    return {**_letters(words), "pairs": [[g, s, feedback(g, s)] for g, s in pairs]}


def hard_vectors(rng: random.Random) -> list[list[Any]]:
    """A guess played, its pattern for a secret, the next guess and why hard
    mode refuses it (None: allowed): words of today's Wordle list, half of
    them with repeated letters; the next guess now and then the secret or a
    word that fits."""
    words = load_list(WORDLE)
    repeats = [w for w in words.words if len(set(w)) < len(w)]
    out: list[list[Any]] = []
    for _ in range(3000):
        previous, secret = (rng.choice(repeats if rng.random() < 0.5 else words.words) for _ in range(2))
        pattern = feedback(previous, secret)
        pick = rng.random()
        fitting = [w for w in rng.sample(words.words, 200) if feedback(previous, w) == pattern]
        guess = secret if pick < 0.2 else rng.choice(fitting) if pick < 0.4 and fitting else rng.choice(
            repeats if rng.random() < 0.5 else words.words)
        out.append([previous, pattern, guess, hard_mode_violation(previous, pattern, guess)])
    return out


def parse_vectors() -> list[list[Any]]:
    """Text typed as a pattern of five marks, and what it reads as (None: not a pattern)."""
    texts = ["GY.Y.", "gyw.w", "GGGGG", "..-_.", "WwYyG", "GY.Y", "GY.Y..", "GYxY.", "GY Y.", "", "ggggg"]
    out: list[list[Any]] = []
    for text in texts:
        try:
            out.append([text, parse_pattern(text, 5)])
        except PatternError:
            out.append([text, None])
    return out


def pegs_vectors(rng: random.Random) -> list[list[str]]:
    """Guess, secret and pegs: samples of Mastermind (repeats) and Bulls and Cows codes."""
    out = []
    for symbols, repeats in (("123456", True), ("0123456789", False)):
        codes = codes_of(4, symbols, repeats)
        for _ in range(600):
            g, s = rng.choice(codes), rng.choice(codes)
            out.append([g, s, pegs(g, s)])
    return out


def clue_vectors(rng: random.Random) -> list[dict[str, Any]]:
    """Clues (true ones, and now and then a wrong pattern), a revealed first
    letter or none, and what :func:`solve` makes of them."""
    out = []
    for list_id in LISTS:
        words = load_list(list_id)
        for case in range(30):
            secret = rng.choice(words.words)
            clues = []
            for _ in range(rng.randint(0, 4)):
                guess = rng.choice(words.words)
                letters = words.spell(guess)
                pattern = feedback(letters, words.spell(secret))
                if case % 5 == 4:  # a clue that may contradict the others
                    pattern = "".join(rng.choice("GY.") for _ in pattern)
                clues.append(Clue(guess, pattern, letters))
            first = words.spell(secret)[0] if case % 3 == 0 else None
            found = solve(words, clues, first)
            c = found.contradiction
            out.append({
                "list": list_id, "clues": [[c.guess, list(c.letters), c.pattern] for c in clues], "first": first,
                "candidates": [int(i) for i in found.candidates],
                "contradiction": None if c is None else {"clue": c.clue, "before": c.before},
                "known": describe_known(found.constraints), "absent": describe_absent(found.constraints),
                "counts": describe_counts(found.constraints),
            })
    return out


def score_vectors(rng: random.Random) -> list[dict[str, Any]]:
    """A pool of guesses, candidates among them, and the guesses ranked by the
    expected group size (ties: smaller largest group, a candidate, list order)."""
    out = []
    for list_id in LISTS:
        full = load_list(list_id)
        pool = WordList(f"{list_id}/pool", tuple(sorted(rng.sample(full.words, 300))), full.alphabet, full.length,
                        full.language)
        for n in (2, 3, 5, 12, 40, 300):
            cands = sorted(rng.sample(pool.words, n))
            moves = best_guesses(pool, cands, expected, top=len(pool)).moves
            out.append({
                "list": list_id, "pool": list(pool.words), "candidates": [pool.position[w] for w in cands],
                "best": [[pool.position[m.word], m.expected, m.largest, m.parts, m.candidate] for m in moves],
            })
    return out


def day_vectors(rng: random.Random) -> list[list[Any]]:
    """Date, set-up, number of answers and the place of the word of the day."""
    out = []
    start = date(2024, 1, 1)
    for _ in range(400):
        day = (start + timedelta(days=rng.randrange(3000))).isoformat()
        setup_id = rng.choice(["nl", "nl-ij", "nl-6", "en", "en-common", "wordle"])
        count = rng.choice([1, 2, 7, 1000, 3274, 12972, 2**31 - 1])
        out.append([day, setup_id, count, day_index(day, setup_id, count)])
    return out


def play_vectors() -> list[dict[str, Any]]:
    """A committed tree (its path under trees/, the file the site serves),
    and the guesses it plays against each of its secrets."""
    out = []
    for rel in PLAYS:
        tree = read_tree(CHECKOUT / "trees" / rel)
        reply = kind_of(tree.game).reply(tree.game.digraphs)
        chars = sorted({c for w in tree.secrets for c in w})
        out.append({"tree": f"trees/{rel}", "feedback": tree.game.feedback, "alphabet": "".join(chars),
                    "digraphs": list(tree.game.digraphs),
                    "plays": {s: play(tree.root, s, reply) for s in tree.secrets}})
    return out


def _masks(tree: Tree, secret: str, used: set[tuple[int, str]]) -> list[str]:
    """The masks a Hangman secret answers along the tree, the one that
    completes the word included (``used``: the branches :func:`replay_calls` took)."""
    masks, node = [], tree
    while isinstance(node, Node):
        taken = [m for m in node.next if (id(node), m) in used]
        masks.append(taken[0] if taken else mask(secret, node.guess))
        if not taken:
            break
        node = node.next[taken[0]]
    return masks


def hangman_vectors() -> list[dict[str, Any]]:
    """A committed Hangman tree; for each secret the masks it answers, the
    calls in all (the leaf's letters included) and the misses; and the
    secrets that fit the first call's answers."""
    out = []
    for rel in HANGMAN:
        tree = read_tree(CHECKOUT / "trees" / rel)
        games = {}
        for secret in tree.secrets:
            used: set[tuple[int, str]] = set()
            calls = replay_calls(tree.root, secret, tree.game.misses or 0, used=used)
            games[secret] = {"masks": _masks(tree.root, secret, used), "turns": calls.turns, "misses": calls.misses}
        first = tree.root.guess if isinstance(tree.root, Node) else ""
        fits = {m: [w for w in tree.secrets if mask(w, first) == m] for m in {mask(w, first) for w in tree.secrets}}
        out.append({"tree": f"trees/{rel}", "games": games, "first": first, "fits": fits})
    return out


def player_vectors(rng: random.Random) -> dict[str, Any]:
    """What the tree reader takes, and for each tree of :data:`NEXTS` and 25 of
    its secrets the feedback the secret gives to each guess and what
    :func:`generator.next_guess` says after each prefix of it (null once
    solved; a game stops at a Hangman leaf, the word)."""
    games = []
    for rel in NEXTS:
        tree = read_tree(CHECKOUT / "trees" / rel)
        reply = kind_of(tree.game).reply(tree.game.digraphs)
        hangman = tree.game.feedback == "mask"
        for secret in rng.sample(tree.secrets, min(25, len(tree.secrets))):
            said: list[str | None] = []
            given: list[str] = []
            while len(said) < 100:
                guess = next_guess(tree, given)
                said.append(guess)
                if guess is None or (hangman and len(guess) > 1):
                    break
                given.append(reply(guess, secret))
            games.append({"tree": f"trees/{rel}", "secret": secret, "feedback": given, "next": said})
    paths = [{"key": dataclasses.asdict(key), "path": tree_path(Path(), key).as_posix()} for key in (
        TreeKey("lingo", "nl-ij", "same-start", "human", "ij"), TreeKey("wordle", "wordle", "hard", "optimal-salet", "all"),
        TreeKey.mastermind("bulls-and-cows", "knuth"), TreeKey.hangman("en-enable", 6, "optimal", 7))]
    return {"format": FORMAT, "reads": list(READS), "games": games, "paths": paths}


def vectors(seed: int = 39) -> dict[str, Any]:
    """Every vector, from a seeded sample: the same file every run."""
    rng = random.Random(seed)
    return {
        "feedback": feedback_vectors(rng), "repeats": repeat_vectors(rng), "hard": hard_vectors(rng),
        "parse": parse_vectors(), "pegs": pegs_vectors(rng),
        "clues": clue_vectors(rng), "scores": score_vectors(rng), "days": day_vectors(rng), "plays": play_vectors(),
        "hangman": hangman_vectors(), "player": player_vectors(rng),
        "lists": list_vectors(),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tests/js/vectors.py OUT.json", file=sys.stderr)
        return 2
    Path(argv[0]).write_bytes(orjson.dumps(vectors()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
