/* lingo-trees player: read a tree file and say what to play next.
 *
 * A tree file (docs/format.md, "lingo-trees.tree") holds a game and a tree:
 * a node is a word (play it: it is the answer) or {guess, next: {pattern:
 * node}} (play guess, then follow the branch of the feedback you got). This
 * ES module reads such a file and walks it; it uses no page and no other
 * module, so node and the browser import it alike, and the site's lookup,
 * practice and Hangman pages walk their trees with it. The Python
 * counterpart is generator.next_guess.
 *
 *   import { loadTree, nextGuess } from "./lingo-trees-player.js";
 *   const tree = loadTree(await (await fetch("trees/nl/same-start/human/a.json")).text());
 *   nextGuess(tree, []);            // the first word
 *   nextGuess(tree, ["G.Y.."]);     // the word after that feedback
 *
 * Feedback patterns are those of the file's game.feedback, written as a
 * person may type them (as generator.core.kinds parses them):
 *   positional (LINGO, Wordle)  G right place, Y elsewhere, . absent; also
 *                               g/y and w, -, _ for absent: "gy.w." is "GY...".
 *   pegs (Mastermind)           black and white pegs "2B1W"; also "2b1w", "21".
 *   mask (Hangman)              the word with every letter but the one called
 *                               as _: "_a__a"; the call that shows the last
 *                               hidden letter ends the game.
 * The pattern that says the word played is the answer (all G; "4B0W") ends
 * the game: it is never a key of next.
 *
 * The player checks feedback against the tree, not against the word list:
 * it refuses a pattern the tree has no branch for (no secret still possible
 * gives it), and the winning pattern for a word that is not one of the
 * tree's secrets. (generator.next_guess also refuses the winning pattern for
 * a secret that earlier feedback ruled out.)
 */

export const FORMAT = "lingo-trees.tree";
/* The format versions this reader takes: the same as the Python reader's
 * (generator/output/treefile.py READS; tests/js/player.test.mjs checks it). */
export const READS = [1, 2, 3];
export const BLANK = "_";  // a hidden place of a Hangman mask

/* The file is not a tree file this module reads. */
export class TreeFormatError extends Error {
  constructor(message) { super(message); this.name = "TreeFormatError"; }
}

/* A feedback is not a pattern of the game, or the tree has no branch for it.
 * reason says which, for a page that explains it in its own words: "pattern"
 * (not a pattern of the game), "over" (the game is over), "known" (a leaf:
 * the word is known), "branch" (no branch for it), and for Hangman "letter"
 * (the mask shows another letter) and "shown" (place, 1-based, is already
 * letter); turn (1-based), guess and pattern say where. */
export class PatternError extends Error {
  constructor(message, reason, details) {
    super(message);
    this.name = "PatternError";
    this.reason = reason;
    Object.assign(this, details || {});
  }
}

var KINDS = ["positional", "pegs", "mask"];

/**
 * Where a tree file is under a trees folder (docs/format.md, "Tree files";
 * the same as Python's generator.core.layout.tree_path):
 *   lingo, wordle  <setup>/<rule>/<strategy>/<part>.json
 *   mastermind     mastermind/<setup: the variant>/<strategy>/all.json
 *   hangman        hangman/<setup: the list>/<misses>/<strategy>/<part: the length>.json
 * @param {{family: string, setup: string, rule: string, strategy: string, part: (string|number), misses: (number|undefined)}} key
 * @returns {string} the path, "/"-separated, each name URL-encoded
 */
export function treePath(key) {
  var names = key.family === "mastermind" ? ["mastermind", key.setup, key.strategy]
    : key.family === "hangman" ? ["hangman", key.setup, key.misses, key.strategy]
    : [key.setup, key.rule, key.strategy];
  return names.concat([key.part]).map(function (name) { return encodeURIComponent(String(name)); }).join("/") + ".json";
}

function own(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

/**
 * A tree file, checked: its format, version, game and root.
 * @param {string|object} json the file's text, or the object parsed from it
 * @returns {object} the tree file's object
 * @throws {TreeFormatError} naming the problem (format, version, root, ...)
 */
export function loadTree(json) {
  var data = json;
  if (typeof json === "string") {
    try { data = JSON.parse(json); } catch (err) { throw new TreeFormatError("not JSON: " + err.message); }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new TreeFormatError("a tree file is a JSON object");
  }
  if (data.format !== FORMAT) {
    throw new TreeFormatError("format " + JSON.stringify(data.format) + " is not " + JSON.stringify(FORMAT));
  }
  if (READS.indexOf(data.version) < 0) {
    throw new TreeFormatError("version " + JSON.stringify(data.version) + " is not one this player reads (" +
                              READS.join(", ") + ")");
  }
  var game = data.game;
  if (!game || typeof game !== "object") throw new TreeFormatError("no game");
  if (KINDS.indexOf(game.feedback) < 0) {
    throw new TreeFormatError("game.feedback " + JSON.stringify(game.feedback) + " is not one of " + KINDS.join(", "));
  }
  if (!(game.length > 0)) throw new TreeFormatError("game.length " + JSON.stringify(game.length) + " is not a length");
  if (!own(data, "root")) throw new TreeFormatError("no root");
  if (!isLeaf(data.root) && !isNode(data.root)) throw new TreeFormatError("root is neither a word nor {guess, next}");
  return data;
}

/* Whether node is a leaf (a word: it is the answer). */
export function isLeaf(node) { return typeof node === "string"; }
function isNode(node) {
  return node !== null && typeof node === "object" && typeof node.guess === "string" &&
    node.next !== null && typeof node.next === "object";
}
/* The word (a Hangman node: the letter) node plays. */
export function guessOf(node) { return isLeaf(node) ? node : node.guess; }

/**
 * Every word a subtree plays (its guesses and leaves), in tree order, once each.
 * @param {string|object} node a node of a tree
 * @returns {string[]}
 */
export function words(node) {
  var seen = {}, out = [];
  (function walk(n) {
    var w = guessOf(n);
    if (!own(seen, w)) { seen[w] = true; out.push(w); }
    if (!isLeaf(n)) Object.keys(n.next).forEach(function (p) { walk(n.next[p]); });
  })(node);
  return out;
}

/**
 * The pattern that says the guess is the answer ("GGGGG", "4B0W").
 * @param {object} tree a tree file (loadTree)
 * @returns {string|null} null for Hangman: the call that shows the last hidden letter ends the game
 */
export function winning(tree) {
  var g = tree.game;
  return g.feedback === "positional" ? new Array(g.length + 1).join("G")
    : g.feedback === "pegs" ? g.length + "B0W" : null;
}

/**
 * A pattern as a person may type it, in the file's form ("gyw.." -> "GY...").
 * @param {object} tree a tree file (loadTree)
 * @param {string} text the pattern typed
 * @returns {string}
 * @throws {PatternError} (reason "pattern") for one that is not a pattern of the game
 */
export function normalize(tree, text) {
  var g = tree.game, s = String(text).trim(), out = "", i;
  function bad(what) {
    return new PatternError(JSON.stringify(String(text)) + " is not " + what, "pattern", { pattern: String(text) });
  }
  if (g.feedback === "positional") {
    var marks = { g: "G", y: "Y", w: ".", ".": ".", "-": ".", "_": "." };
    for (i = 0; i < s.length; i++) {
      var m = marks[s[i].toLowerCase()];
      if (m === undefined) throw bad("a pattern of marks G, Y, . (or g, y, w)");
      out += m;
    }
    if (out.length !== g.length) throw bad("a pattern of " + g.length + " marks G, Y, .");
    return out;
  }
  if (g.feedback === "pegs") {
    out = s.toUpperCase().replace(/ /g, "");
    if (/^[0-9][0-9]$/.test(out)) out = out[0] + "B" + out[1] + "W";
    var pegs = /^([0-9]+)B([0-9]+)W$/.exec(out);
    if (!pegs || Number(pegs[1]) + Number(pegs[2]) > g.length) throw bad("a pattern <b>B<w>W of " + g.length + " positions");
    return out;
  }
  out = s.toLowerCase();
  var letters = out.split("").filter(function (c) { return c !== BLANK; });
  if (out.length !== g.length || /\s/.test(out) || letters.some(function (c) { return c !== letters[0]; })) {
    throw bad("a mask of " + g.length + " places (one letter and _)");
  }
  return out;
}

/**
 * A game along a tree: player.guess is the word to play (null once solved),
 * player.tell(feedback) moves on. Also: player.node (where it is),
 * player.turns ({guess, pattern} each), player.solved, and for Hangman
 * player.shown (the letters shown, BLANK where hidden) and player.misses.
 * @constructor
 * @param {object} tree a tree file (loadTree)
 */
export function Player(tree) {
  this.tree = tree;
  this.node = tree.root;
  this.turns = [];
  this.solved = false;
  this.misses = 0;
  this.shown = [];
  for (var k = 0; k < tree.game.length; k++) this.shown.push(BLANK);
}

Object.defineProperty(Player.prototype, "guess", {
  get: function () { return this.solved ? null : guessOf(this.node); }
});

/**
 * Take the feedback the game gave for player.guess.
 * @param {string} feedback the pattern, as a person may type it
 * @returns {string} the pattern, as normalize writes it
 * @throws {PatternError} the player unchanged, when the game is over, the
 *   pattern is not one of the game, or the tree has no branch for it
 */
Player.prototype.tell = function (feedback) {
  var tree = this.tree, turn = this.turns.length + 1, guess = this.guess;
  var where = { turn: turn, guess: guess, pattern: String(feedback) };
  if (this.solved) throw new PatternError("the game is over: " + guessOf(this.node) + " was the answer", "over", where);
  var p = normalize(tree, feedback);
  where.pattern = p;
  var node = this.node, mask = tree.game.feedback === "mask";
  if (!mask && p === winning(tree)) {
    if (!isLeaf(node) && (tree.secrets || []).indexOf(guess) < 0) {
      throw new PatternError("turn " + turn + ": " + guess + " is not a secret of the tree, so " + p + " cannot be",
                             "branch", where);
    }
    this.turns.push({ guess: guess, pattern: p });
    this.solved = true;
    return p;
  }
  if (isLeaf(node)) {
    throw new PatternError("turn " + turn + ": the word is known, " + node + (mask ? "" : ", so " + p + " cannot be"),
                           "known", where);
  }
  var shown = this.shown.slice(), hit = false;
  if (mask) {
    for (var k = 0; k < p.length; k++) {
      if (p[k] === BLANK) continue;
      if (p[k] !== guess) {
        throw new PatternError("turn " + turn + ": the mask " + p + " shows another letter than " + guess, "letter", where);
      }
      if (shown[k] !== BLANK) {
        throw new PatternError("turn " + turn + ": place " + (k + 1) + " is already " + shown[k], "shown",
                               Object.assign({ place: k + 1, letter: shown[k] }, where));
      }
      shown[k] = guess;
      hit = true;
    }
    if (shown.indexOf(BLANK) < 0 && (tree.secrets || []).indexOf(shown.join("")) >= 0) {
      this.turns.push({ guess: guess, pattern: p });
      this.shown = shown;
      this.solved = true;
      return p;
    }
  }
  if (!own(node.next, p)) {
    throw new PatternError("feedback " + p + " is impossible for " + guess + " (turn " + turn +
                           "): the tree has no branch for it, no secret still possible gives it", "branch", where);
  }
  this.turns.push({ guess: guess, pattern: p });
  this.node = node.next[p];
  if (mask) { this.shown = shown; if (!hit) this.misses += 1; }
  return p;
};

/**
 * The player after the feedback so far.
 * @param {object} tree a tree file (loadTree)
 * @param {string[]} feedbackSoFar a pattern per turn, in turn order
 * @returns {Player}
 * @throws {PatternError} at the first pattern it cannot take
 */
export function follow(tree, feedbackSoFar) {
  var player = new Player(tree);
  (feedbackSoFar || []).forEach(function (p) { player.tell(p); });
  return player;
}

/**
 * What to play next after the feedback so far.
 * @param {object} tree a tree file (loadTree)
 * @param {string[]} feedbackSoFar a pattern per turn, in turn order
 * @returns {string|null} the word (Hangman: the letter to call, or at a leaf
 *   the word), null once solved
 * @throws {PatternError} naming the feedback the tree has no branch for
 */
export function nextGuess(tree, feedbackSoFar) {
  return follow(tree, feedbackSoFar).guess;
}

/**
 * The guesses the tree plays against secret, ending with the secret (a
 * Hangman leaf: the word), as generator.core.tree.play.
 * @param {object} tree a tree file (loadTree)
 * @param {string} secret
 * @param {function(string, string): string} reply the game's feedback, reply(guess, secret)
 * @param {number} [limit=100] the most guesses
 * @returns {string[]|null} null when the tree has no branch for a reply it
 *   gets, ends on another word, or takes more than limit guesses
 */
export function play(tree, secret, reply, limit) {
  var player = new Player(tree), guesses = [], most = limit || 100;
  while (guesses.length < most) {
    var g = player.guess;
    if (g === null) return guesses;
    guesses.push(g);
    if (isLeaf(player.node)) return g === secret ? guesses : null;
    try { player.tell(reply(g, secret)); } catch (err) {
      if (err instanceof PatternError) return null;
      throw err;
    }
  }
  return null;
}
