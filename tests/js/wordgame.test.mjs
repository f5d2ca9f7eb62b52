// The browser's game logic (generator/output/static/wordgame.js) against the
// Python code it mirrors: tests/js/vectors.py writes what Python answers on
// seeded samples of the shipped lists and committed trees, and every answer
// of the JavaScript must be the same (tree walking: player.test.mjs).
// Run: node --test tests/js/ (LINGO_VECTORS=FILE reads vectors written before).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as WG from "../../generator/output/static/wordgame.js";
import { ROOT, drift, readVectors } from "./vectors.mjs";

const V = readVectors();

function lettersOf(spec) { return new WG.Letters(spec.alphabet, spec.digraphs); }

/* A clue as the pages give it to fit and constraints. */
function clue(letters, parts, pattern) {
  return { letters: parts, pattern: pattern, codes: Uint8Array.from(parts.map((p) => letters.code[p])) };
}

test("feedback is generator.core.feedback.feedback, digraphs as one letter", () => {
  assert.ok(V.feedback.length > 0);
  for (const set of V.feedback) {
    const letters = lettersOf(set);
    assert.ok(set.pairs.length >= 3600);
    assert.deepEqual(drift(set.pairs, ([g, s]) => WG.feedback(letters, g, s), (p) => p[2]), []);
  }
});

test("Wordle's repeated letters get the feedback generator.core.feedback.feedback gives them", () => {
  const letters = lettersOf(V.repeats);
  const pinned = new Map(V.repeats.pairs.map(([g, s, p]) => [g + " " + s, p]));
  assert.equal(pinned.get("ninny annex"), "Y.G..");  // the documented cases: the vectors are Python's own
  assert.equal(pinned.get("mosso misos"), "GYGY.");
  const repeats = (w) => new Set(w).size < w.length;
  assert.ok(V.repeats.pairs.length >= 3600 && V.repeats.pairs.every(([g, s]) => repeats(g) || repeats(s)));
  assert.deepEqual(drift(V.repeats.pairs, ([g, s]) => WG.feedback(letters, g, s), (p) => p[2]), []);
});

test("hard mode refuses the guesses generator.core.rules.hard_mode_violation refuses, saying why as it does", () => {
  const spell = (w) => w.split("");
  assert.ok(V.hard.length >= 3000);
  const why = V.hard.map((h) => h[3]);
  assert.ok(why.includes(null) && why.some((w) => w && w.includes("stay in place")) &&
            why.some((w) => w && w.includes("(once)")) && why.some((w) => w && w.includes("(2 times)")));
  assert.deepEqual(drift(V.hard, ([prev, pattern, guess]) => WG.hardModeViolation(spell(prev), pattern, spell(guess)),
                         (h) => h[3]), []);
});

test("a typed pattern reads as generator.core.feedback.parse_pattern reads it", () => {
  assert.deepEqual(drift(V.parse, ([text]) => WG.parsePattern(text, 5), (p) => p[1]), []);
});

test("pegs are generator.core.kinds.pegs (Mastermind, Bulls and Cows)", () => {
  assert.ok(V.pegs.length >= 1000);
  assert.deepEqual(drift(V.pegs, ([g, s]) => WG.pegs(g, s), (p) => p[2]), []);
});

test("the words that fit the clues, the letters known, absent and counted are generator.search.clues.solve's", () => {
  const lists = {};
  for (const [id, spec] of Object.entries(V.lists)) {
    const letters = lettersOf(spec), length = letters.spell(spec.words[0]).length;
    lists[id] = { letters, length, words: spec.words, codes: letters.encode(spec.words, length) };
  }
  const fitted = (c) => {
    const l = lists[c.list], clues = c.clues.map(([, parts, pattern]) => clue(l.letters, parts, pattern));
    const found = WG.fit(l.codes, l.words.length, l.length, l.letters.letters.length, clues,
                         c.first === null ? null : l.letters.code[c.first]);
    const cons = WG.constraints(clues, l.length, c.first);
    return { candidates: found.candidates, contradiction: found.contradiction, known: WG.describeKnown(cons),
             absent: WG.describeAbsent(cons), counts: "must contain: " + WG.describeCounts(cons) };
  };
  const python = (c) => ({ candidates: c.candidates, contradiction: c.contradiction, known: c.known,
                           absent: c.absent, counts: c.counts });
  assert.ok(V.clues.some((c) => c.contradiction !== null) && V.clues.some((c) => c.candidates.length > 1));
  assert.deepEqual(drift(V.clues, fitted, python), []);
});

test("the next guesses are ranked as generator.search.clues.best_guesses ranks them (expected)", () => {
  const scored = (c) => {
    const letters = lettersOf(V.lists[c.list]), length = letters.spell(c.pool[0]).length;
    const isCandidate = new Uint8Array(c.pool.length);
    c.candidates.forEach((k) => { isCandidate[k] = 1; });
    const all = Int32Array.from(c.pool.keys());
    return WG.scoreGuesses(letters.encode(c.pool, length), length, letters.letters.length, all,
                           Int32Array.from(c.candidates), isCandidate, c.pool.length)
      .map((g) => [g.index, g.expected, g.largest, g.parts, g.candidate]);
  };
  assert.deepEqual(drift(V.scores, scored, (c) => c.best), []);
});

test("the word of the day is generator.output.practicedata.day_index", () => {
  assert.deepEqual(drift(V.days, ([day, setup, count]) => WG.dayIndex(day, setup, count), (d) => d[3]), []);
});

test("a Hangman tree replays every secret's masks as generator.core.kinds.replay_calls plays it", () => {
  for (const t of V.hangman) {
    const tree = JSON.parse(readFileSync(path.join(ROOT, t.tree), "utf8"));
    const secrets = Object.keys(t.games);
    assert.ok(secrets.length > 0, t.tree);
    const replayed = (secret) => {  // the calls in all: those made, then the leaf's letters not yet shown
      const game = WG.hangmanReplay(tree, t.games[secret].masks);
      const word = game.end === "leaf" ? game.node : game.shown.join("");
      const rest = new Set([...word].filter((c) => !game.shown.includes(c)));
      return { end: game.end !== "", word, kept: game.kept.length, turns: game.calls.length + rest.size,
               misses: game.misses };
    };
    const python = (secret) => ({ end: true, word: secret, kept: t.games[secret].masks.length,
                                  turns: t.games[secret].turns, misses: t.games[secret].misses });
    assert.deepEqual(drift(secrets, replayed, python), [], t.tree);
    const calls = [{ letter: t.first }];
    assert.deepEqual(drift(Object.keys(t.fits), (m) => WG.hangmanFits(tree.secrets, calls, [m]), (m) => t.fits[m]), [],
                     t.tree);
  }
});

test("a result to share has the turns and a row of squares per guess, no letter", () => {
  assert.equal(WG.shareGrid("LINGO K", ["G.Y..", "GGGGG"], 5, true), "LINGO K 2/5\n\u{1F7E9}\u2B1B\u{1F7E8}\u2B1B\u2B1B\n" +
    "\u{1F7E9}\u{1F7E9}\u{1F7E9}\u{1F7E9}\u{1F7E9}");
  assert.equal(WG.shareGrid("Wordle", ["....."], 6, false).split("\n")[0], "Wordle X/6");
});
