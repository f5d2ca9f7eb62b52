// The tree player (generator/output/static/lingo-trees-player.js): it reads
// what the Python reader reads, replays every secret of committed trees of
// every family as their stats say, says the next guess as generator.next_guess
// does, and refuses what is not a tree or a feedback with a clear message.
// Run: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as P from "../../generator/output/static/lingo-trees-player.js";
import * as WG from "../../generator/output/static/wordgame.js";
import { ROOT, drift, readVectors } from "./vectors.mjs";

const V = readVectors();

/* Trees of every family: LINGO (TV rules; a digraph), Wordle, Mastermind, Hangman. */
const TREES = ["trees/nl/same-start/human/a.json", "trees/nl-ij/same-start/human/ij.json",
               "trees/wordle/free/minimax/all.json", "trees/mastermind/4x6/knuth/all.json",
               "trees/hangman/nl-basis/6/optimal/5.json"];

const cache = new Map();
function read(file) {
  if (!cache.has(file)) cache.set(file, P.loadTree(readFileSync(path.join(ROOT, file), "utf8")));
  return cache.get(file);
}

/* The game's feedback, reply(guess, secret) (wordgame.js, checked against the Python in wordgame.test.mjs). */
function replyOf(tree) {
  if (tree.game.feedback === "pegs") return WG.pegs;
  if (tree.game.feedback === "mask") return (letter, secret) => [...secret].map((c) => (c === letter ? c : P.BLANK)).join("");
  const chars = new Set();
  for (const w of tree.secrets.concat(P.words(tree.root))) for (const c of w) chars.add(c);
  const letters = new WG.Letters([...chars].sort().join(""), tree.game.digraphs);
  return (g, s) => WG.feedback(letters, g, s);
}

function histogram(values) {
  const out = {};
  for (const v of values) out[v] = (out[v] || 0) + 1;
  return out;
}

test("the player reads the versions the Python reader reads (generator/output/treefile.py READS)", () => {
  assert.equal(P.FORMAT, V.player.format);
  assert.deepEqual(P.READS, V.player.reads);
});

test("treePath puts a tree where generator.core.layout.tree_path does, for every family", () => {
  assert.equal(V.player.paths.length, 4);
  for (const { key, path } of V.player.paths) assert.equal(P.treePath(key), path);
});

test("a Player replays every secret of committed trees of every family as their stats say", () => {
  for (const file of TREES) {
    const tree = read(file), reply = replyOf(tree), hangman = tree.game.feedback === "mask";
    const turns = [], misses = [];
    for (const secret of tree.secrets) {
      const player = new P.Player(tree);
      while (player.guess !== null && !P.isLeaf(player.node) && player.turns.length < 100) {
        player.tell(reply(player.guess, secret));
      }
      if (hangman) {  // a leaf is the word: its letters not yet shown are called, all hits
        const word = P.isLeaf(player.node) ? player.node : player.shown.join("");
        assert.equal(word, secret, file);
        const rest = new Set([...word].filter((c) => !player.shown.includes(c)));
        turns.push(player.turns.length + rest.size);
        misses.push(player.misses);
      } else {
        if (P.isLeaf(player.node) && player.guess !== null) player.tell(P.winning(tree));
        assert.ok(player.solved, `${file}: ${secret}`);
        assert.equal(player.turns.at(-1).guess, secret, file);
        turns.push(player.turns.length);
      }
    }
    assert.deepEqual(histogram(turns), tree.stats.turns, file);
    if (hangman) assert.deepEqual(histogram(misses), tree.stats.misses, file);
  }
});

test("nextGuess says after each feedback what generator.next_guess says", () => {
  const games = V.player.games;
  assert.equal(new Set(games.map((g) => read(g.tree).game.feedback)).size, 3);
  const said = (g) => g.next.map((_, i) => P.nextGuess(read(g.tree), g.feedback.slice(0, i)));
  assert.deepEqual(drift(games, said, (g) => g.next), []);
});

test("play gives the guesses generator.core.tree.play gives for every secret", () => {
  for (const t of V.plays) {
    const tree = P.loadTree(readFileSync(path.join(ROOT, t.tree), "utf8"));
    const secrets = Object.keys(t.plays);
    assert.ok(secrets.length > 0, t.tree);
    assert.deepEqual(drift(secrets, (s) => P.play(tree, s, replyOf(tree)), (s) => t.plays[s]), [], t.tree);
  }
});

test("feedback is read as a person types it, as generator.core.kinds parses it", () => {
  const lingo = read("trees/nl/same-start/human/a.json");
  const first = P.nextGuess(lingo, []);
  assert.equal(first, "anime");
  assert.equal(P.nextGuess(lingo, ["g..y."]), P.nextGuess(lingo, ["G..Y."]));
  assert.equal(P.nextGuess(lingo, [" gwwyw "]), P.nextGuess(lingo, ["G..Y."]));
  assert.equal(P.nextGuess(lingo, ["GGGGG"]), null, "the winning pattern ends the game");
  const mm = read("trees/mastermind/4x6/knuth/all.json");
  assert.equal(P.nextGuess(mm, ["1b1w"]), P.nextGuess(mm, ["1B1W"]));
  assert.equal(P.nextGuess(mm, ["11"]), P.nextGuess(mm, ["1B1W"]));
  assert.equal(P.nextGuess(mm, ["4B0W"]), null);
  const hm = read("trees/hangman/nl-basis/6/optimal/5.json");
  const letter = P.nextGuess(hm, []);
  assert.equal(letter.length, 1);
  assert.equal(P.nextGuess(hm, ["_____"]), P.nextGuess(hm, [" _____ "]));
});

test("a feedback the tree has no branch for, or no pattern of the game, is named", () => {
  const lingo = read("trees/nl/same-start/human/a.json");
  const bad = (tree, feedback, pattern) => () => P.nextGuess(tree, feedback);
  assert.throws(bad(lingo, ["....."]), (err) => err instanceof P.PatternError && err.reason === "branch" &&
                /^feedback \.\.\.\.\. is impossible for anime \(turn 1\): the tree has no branch for it/.test(err.message));
  assert.throws(bad(lingo, ["G..Y"]), { name: "PatternError", message: /"G\.\.Y" is not a pattern of 5 marks/ });
  assert.throws(bad(lingo, ["G..X."]), { name: "PatternError", message: /"G\.\.X\." is not a pattern of marks/ });
  assert.throws(bad(lingo, ["GGGGG", "G...."]), { name: "PatternError", message: /the game is over: anime/ });
  const mm = read("trees/mastermind/4x6/knuth/all.json");
  assert.throws(bad(mm, ["3B2W"]), { name: "PatternError", message: /"3B2W" is not a pattern <b>B<w>W of 4/ });
  assert.throws(bad(mm, ["3B1W"]), { name: "PatternError", message: /feedback 3B1W is impossible for 1122/ });
  const hm = read("trees/hangman/nl-basis/6/optimal/5.json"), letter = P.nextGuess(hm, []);
  const other = letter === "z" ? "q" : "z";
  assert.throws(bad(hm, [other + "____"]), { name: "PatternError", message: /shows another letter than/ });
  assert.throws(bad(hm, ["___"]), { name: "PatternError", message: /is not a mask of 5 places/ });
  const player = new P.Player(lingo);
  assert.throws(() => player.tell("....."), P.PatternError);
  assert.equal(player.guess, "anime", "a feedback refused leaves the player where it was");
  assert.equal(player.turns.length, 0);
});

test("loadTree refuses what is not a tree file it reads, naming the problem", () => {
  const good = JSON.parse(readFileSync(path.join(ROOT, "trees/mastermind/4x6/knuth/all.json"), "utf8"));
  const as = (change) => Object.assign({}, good, change);
  assert.equal(P.loadTree(good).root.guess, "1122");
  assert.throws(() => P.loadTree("{"), { name: "TreeFormatError", message: /^not JSON/ });
  assert.throws(() => P.loadTree("[]"), { name: "TreeFormatError", message: /a tree file is a JSON object/ });
  assert.throws(() => P.loadTree(as({ format: "lingo-trees.index" })),
                { name: "TreeFormatError", message: 'format "lingo-trees.index" is not "lingo-trees.tree"' });
  assert.throws(() => P.loadTree(as({ version: 99 })),
                { name: "TreeFormatError", message: new RegExp(`^version 99 is not one this player reads \\(${P.READS.join(", ")}\\)`) });
  const rootless = as({});
  delete rootless.root;
  assert.throws(() => P.loadTree(rootless), { name: "TreeFormatError", message: "no root" });
  assert.throws(() => P.loadTree(as({ root: 7 })), { name: "TreeFormatError", message: /root is neither a word/ });
  assert.throws(() => P.loadTree(as({ game: Object.assign({}, good.game, { feedback: "colours" }) })),
                { name: "TreeFormatError", message: /game.feedback "colours" is not one of/ });
});
