/* lingo-trees word-game engine for the browser: letters, feedback, clues,
 * hard mode, pegs, the day index and Hangman's calls (LINGO, Wordle,
 * Mastermind, Hangman); trees are walked by lingo-trees-player.js.
 *
 * The same rules as the Python package (generator.core.feedback,
 * generator.core.rules and generator.search.clues): a digraph such as "ij"
 * is one letter; feedback marks greens first, then yellows left to right
 * while the secret has that letter left; a clue is a guess with its pattern
 * (G right place, Y elsewhere, . absent); the words that fit are those that
 * would give every clue its pattern; in Wordle's hard mode a guess keeps
 * every green in place and plays every letter revealed again. An ES module
 * used by the lookup, the clue helper and its Web Worker, the practice and
 * the Hangman pages, so it touches no page; tests/js checks every function
 * against vectors the Python code writes (node --test tests/js/). What it
 * says in words (the letters known, why a guess breaks hard mode, why a
 * Hangman answer cannot be) is in the page's language (i18n.js); in node and
 * in the worker, English, as the Python says it.
 */
import { t, tn } from "./i18n.js";
import { BLANK, PatternError, Player, isLeaf } from "./lingo-trees-player.js";

/* A list's letters: single characters plus digraphs, each with a code. */
export function Letters(alphabet, digraphs) {
  this.digraphs = digraphs || [];
  this.letters = alphabet.split("").concat(this.digraphs);
  this.code = {};
  for (var i = 0; i < this.letters.length; i++) this.code[this.letters[i]] = i;
}
/* The letters of a word, or null when a character is not a letter of the list. */
Letters.prototype.spell = function (word) {
  var out = [], i = 0;
  while (i < word.length) {
    var pair = word.substr(i, 2);
    if (pair.length === 2 && this.digraphs.indexOf(pair) >= 0) { out.push(pair); i += 2; continue; }
    if (!(word[i] in this.code) || this.digraphs.indexOf(word[i]) >= 0) return null;
    out.push(word[i]); i += 1;
  }
  return out;
};
/* Codes of words of one length, flat: word k is codes[k*L .. k*L+L-1]. */
Letters.prototype.encode = function (words, length) {
  var codes = new Uint8Array(words.length * length), k, i;
  if (!this.digraphs.length) {  // one character, one letter: the fast way
    for (k = 0; k < words.length; k++) {
      var w = words[k];
      for (i = 0; i < length; i++) codes[k * length + i] = this.code[w[i]];
    }
    return codes;
  }
  for (k = 0; k < words.length; k++) {
    var parts = this.spell(words[k]);
    for (i = 0; i < length; i++) codes[k * length + i] = this.code[parts[i]];
  }
  return codes;
};

var MARK = { ".": 0, "Y": 1, "G": 2 };
var MARKS = [".", "Y", "G"];

/* The pattern code (base 3, position i weighs 3^i) of guess ga[go..] against
 * secret sa[so..]; count is a zeroed scratch array as long as the alphabet. */
function patternCode(ga, go, sa, so, length, count) {
  var code = 0, w = 1, i;
  var green = 0;  // bit i: position i is green
  for (i = 0; i < length; i++) {
    if (ga[go + i] === sa[so + i]) green |= (1 << i);
    else count[sa[so + i]] += 1;
  }
  for (i = 0; i < length; i++, w *= 3) {
    if (green & (1 << i)) code += 2 * w;
    else if (count[ga[go + i]] > 0) { count[ga[go + i]] -= 1; code += w; }
  }
  for (i = 0; i < length; i++) count[sa[so + i]] = 0;
  return code;
}
function codeOfPattern(pattern) {
  var code = 0, w = 1;
  for (var i = 0; i < pattern.length; i++, w *= 3) code += MARK[pattern[i]] * w;
  return code;
}
function patternOfCode(code, length) {
  var out = "";
  for (var i = 0; i < length; i++) { out += MARKS[code % 3]; code = Math.floor(code / 3); }
  return out;
}

/* Read a pattern written G/Y/. or the paper's g/y/w; null if it is not one. */
export function parsePattern(text, length) {
  var map = { "G": "G", "g": "G", "Y": "Y", "y": "Y", ".": ".", "w": ".", "W": ".", "-": ".", "_": "." };
  if (text.length !== length) return null;
  var out = "";
  for (var i = 0; i < text.length; i++) {
    if (!(text[i] in map)) return null;
    out += map[text[i]];
  }
  return out;
}

/* What the clues (and a revealed first letter) say letter by letter, as
 * generator.search.clues.constraints: per position the letter fixed; per
 * letter the least and most times it occurs. */
export function constraints(clues, length, first) {
  var fixed = [], least = {}, most = {}, i;
  for (i = 0; i < length; i++) fixed.push(null);
  if (first) fixed[0] = first;
  clues.forEach(function (clue) {
    var shown = {}, grey = [];
    for (var i = 0; i < length; i++) {
      var c = clue.letters[i], mark = clue.pattern[i];
      if (mark === "G") fixed[i] = c;
      if (mark !== ".") shown[c] = (shown[c] || 0) + 1; else grey.push(c);
    }
    Object.keys(shown).forEach(function (c) { least[c] = Math.max(least[c] || 0, shown[c]); });
    grey.forEach(function (c) {
      var n = shown[c] || 0;
      most[c] = Math.min(c in most ? most[c] : n, n);
    });
  });
  return { length: length, fixed: fixed, least: least, most: most };
}
function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

/* The letters known at each place, as a player writes them down: "K _ A _ _". */
export function describeKnown(cons) {
  return cons.fixed.map(function (c) { return c === null ? "_" : c.toUpperCase(); }).join(" ");
}

/* The letters in no place of the word, as generator.search.clues.describe_absent. */
export function describeAbsent(cons) {
  var out = Object.keys(cons.most).filter(function (c) { return cons.most[c] === 0; }).sort(cmp);
  return out.length ? out.join(", ") : t("none known");
}

/* The letters that must occur, in words, as generator.search.clues.describe_counts. */
export function describeCounts(cons) {
  var items = Object.keys(cons.least).sort(cmp).map(function (c) {
    var n = cons.least[c];
    if (cons.most[c] === n) return t("{letter} (exactly {n})", { letter: c, n: n });
    if (n > 1) return t("{letter} (at least {n})", { letter: c, n: n });
    return c;
  });
  return items.length ? items.join(", ") : t("nothing known");
}

/* The indices of the words that fit; contradiction names the first clue
 * after which none is left (-1: the revealed first letter). */
export function fit(codes, nwords, length, nletters, clues, firstCode) {
  var alive = [], k, count = new Int32Array(nletters), contradiction = null;
  for (k = 0; k < nwords; k++) {
    if (firstCode === null || codes[k * length] === firstCode) alive.push(k);
  }
  if (firstCode !== null && !alive.length) contradiction = { clue: -1, before: nwords };
  clues.forEach(function (clue, c) {
    var want = codeOfPattern(clue.pattern), next = [];
    for (var j = 0; j < alive.length; j++) {
      if (patternCode(clue.codes, 0, codes, alive[j] * length, length, count) === want) next.push(alive[j]);
    }
    if (contradiction === null && alive.length && !next.length) contradiction = { clue: c, before: alive.length };
    alive = next;
  });
  return { candidates: alive, contradiction: contradiction };
}

/* How each guess splits the candidates: expected group size (sum k^2 / n),
 * largest group, number of groups, and whether it can be the secret
 * (isCandidate[g] is 1 for a word that fits). The best first, as
 * generator.search.clues.best_guesses ranks them by the expected heuristic
 * (generator.core.scoring): least expected size, smaller largest group, a
 * candidate before a non-candidate, then list order. */
export function scoreGuesses(codes, length, nletters, guesses, candidates, isCandidate, top) {
  var n = candidates.length, buf = new Int32Array(n), count = new Int32Array(nletters), best = [];
  for (var gi = 0; gi < guesses.length; gi++) {
    var g = guesses[gi], go = g * length;
    for (var j = 0; j < n; j++) buf[j] = patternCode(codes, go, codes, candidates[j] * length, length, count);
    buf.sort();
    var sumsq = 0, largest = 0, parts = 0, run = 1;
    for (j = 1; j <= n; j++) {
      if (j < n && buf[j] === buf[j - 1]) { run += 1; continue; }
      sumsq += run * run; parts += 1;
      if (run > largest) largest = run;
      run = 1;
    }
    best.push({ index: g, expected: sumsq / n, largest: largest, parts: parts, candidate: isCandidate[g] === 1 });
  }
  best.sort(function (a, b) {
    return a.expected - b.expected || a.largest - b.largest || (b.candidate - a.candidate) || a.index - b.index;
  });
  return best.slice(0, top);
}

/* The pattern (G/Y/.) of a guess for a secret, both words of letters
 * (a Letters), as generator.core.feedback.feedback; null if either is not one. */
export function feedback(letters, guess, secret) {
  var g = letters.spell(guess), s = letters.spell(secret);
  if (g === null || s === null || g.length !== s.length) return null;
  var n = g.length, codes = new Uint8Array(2 * n);
  for (var i = 0; i < n; i++) { codes[i] = letters.code[g[i]]; codes[n + i] = letters.code[s[i]]; }
  return patternOfCode(patternCode(codes, 0, codes, n, n, new Int32Array(letters.letters.length)), n);
}

/* Why guess breaks Wordle's hard mode after previous got pattern (all
 * three lists of letters, the pattern G/Y/.), or null, as
 * generator.core.rules.hard_mode_violation says it: every green stays in
 * its place, and every letter revealed (green or yellow) is played again,
 * as many times as that guess revealed it. */
export function hardModeViolation(previous, pattern, guess) {
  var need = {}, have = {}, i;
  for (i = 0; i < previous.length; i++) {
    if (pattern[i] === "G" && guess[i] !== previous[i]) {
      return t("the '{letter}' must stay in place {place}", { letter: previous[i], place: i + 1 });
    }
  }
  for (i = 0; i < previous.length; i++) {
    if (pattern[i] === "G" || pattern[i] === "Y") need[previous[i]] = (need[previous[i]] || 0) + 1;
  }
  for (i = 0; i < guess.length; i++) have[guess[i]] = (have[guess[i]] || 0) + 1;
  var letters = Object.keys(need).sort(cmp);
  for (i = 0; i < letters.length; i++) {
    var n = need[letters[i]];
    if ((have[letters[i]] || 0) < n) {
      return tn("the '{letter}' must be played again (once)", "the '{letter}' must be played again ({n} times)", n,
                { letter: letters[i] });
    }
  }
  return null;
}

/* Mastermind's pegs ("2B1W") of a code guessed for a secret code, as
 * generator.games.mastermind: black = right symbol in the right place,
 * white = the symbols in common (counted with repeats) less the blacks. */
export function pegs(guess, secret) {
  var black = 0, common = 0, left = {}, i;
  for (i = 0; i < secret.length; i++) {
    if (guess[i] === secret[i]) black += 1;
    left[secret[i]] = (left[secret[i]] || 0) + 1;
  }
  for (i = 0; i < guess.length; i++) {
    if (left[guess[i]]) { left[guess[i]] -= 1; common += 1; }
  }
  return black + "B" + (common - black) + "W";
}

/* A game's result to share, as Wordle players share theirs: a title line
 * with the turns taken ("X" when lost) out of the game's, then a row of
 * squares per guess (green right place, yellow elsewhere, black absent),
 * never the letters, so that it gives nothing away. */
export function shareGrid(title, patterns, turns, won) {
  var squares = { G: "\uD83D\uDFE9", Y: "\uD83D\uDFE8", ".": "\u2B1B" };
  var rows = patterns.map(function (p) { return p.split("").map(function (m) { return squares[m]; }).join(""); });
  return [title + " " + (won ? patterns.length : "X") + "/" + turns].concat(rows).join("\n");
}

/* The place of the word of the day among count answers, as
 * generator.output.practicedata.day_index: FNV-1a (32 bits) of the ASCII
 * text "<date> <setup>", then MurmurHash3's 32-bit finalizer, modulo count. */
export function dayIndex(date, setupId, count) {
  var text = date + " " + setupId, h = 0x811c9dc5, i;
  for (i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h % count;
}

/* -- Hangman ------------------------------------------------------------------
 * A call's answer is its mask: the word with only the letter called shown,
 * "_" elsewhere (generator.core.kinds.mask). A Hangman tree's node {guess,
 * next: {mask: node}} calls a letter; the call that completes the word has no
 * branch; a leaf is the word once it is the only one left. */
export { BLANK };

/* Why a Hangman call cannot be answered by mask (a PatternError of
 * lingo-trees-player.js), in the page's language. */
function whyNot(err, letter, mask, length) {
  if (err.reason === "pattern" && mask.length !== length) {
    return t("the mask {mask} is not {n} places long", { mask: mask, n: length });
  }
  if (err.reason === "pattern" || err.reason === "letter") {
    return t("the mask {mask} shows another letter than {letter}", { mask: mask, letter: letter });
  }
  if (err.reason === "shown") return t("place {place} is already {letter}", { place: err.place, letter: err.letter });
  return mask.indexOf(letter) < 0 ? t("no word still possible has {letter} nowhere", { letter: letter })
    : t("no word still possible has {letter} exactly there", { letter: letter });
}

/* A Player of tree at node with the places shown. */
function playerAt(tree, node, shown) {
  var player = new Player(tree);
  player.node = node;
  player.shown = shown.slice();
  return player;
}

/* One call at node (of tree) answered by mask, with the places shown before
 * it: {shown, hit, done} after it, or {why} it cannot be. */
export function hangmanStep(tree, node, shown, mask) {
  var player = playerAt(tree, node, shown);
  try { player.tell(mask); } catch (err) {
    if (!(err instanceof PatternError)) throw err;
    return { why: whyNot(err, node.guess, mask, shown.length) };
  }
  return { shown: player.shown, hit: mask.indexOf(node.guess) >= 0, done: player.solved };
}

/* Follow the masks from the tree's root with a Player (lingo-trees-player.js),
 * as generator.core.kinds.replay_calls plays a secret, stopping at the first
 * that cannot be: the node reached, the places shown, the calls ({letter,
 * hit}), the misses, the end ("" still playing, "leaf" the word known,
 * "solved" every place shown), the masks kept and why the next was not. */
export function hangmanReplay(tree, masks) {
  var player = new Player(tree), calls = [], kept = [], why = "";
  for (var i = 0; i < masks.length && !player.solved; i++) {
    if (isLeaf(player.node)) { why = t("the word is known before it"); break; }
    var letter = player.guess;
    try { player.tell(masks[i]); } catch (err) {
      if (!(err instanceof PatternError)) throw err;
      why = whyNot(err, letter, masks[i], player.shown.length);
      break;
    }
    kept.push(masks[i]);
    calls.push({ letter: letter, hit: masks[i].indexOf(letter) >= 0 });
  }
  var end = player.solved ? "solved" : isLeaf(player.node) ? "leaf" : "";
  return { node: player.node, shown: player.shown, calls: calls, misses: player.misses, end: end, kept: kept, why: why };
}

/* The secrets that give every mask so far (calls[i] answered by masks[i]). */
export function hangmanFits(secrets, calls, masks) {
  return secrets.filter(function (w) {
    for (var i = 0; i < calls.length; i++) {
      var letter = calls[i].letter, mask = masks[i];
      for (var k = 0; k < w.length; k++) if ((w[k] === letter) !== (mask[k] === letter)) return false;
    }
    return true;
  });
}
