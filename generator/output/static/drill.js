/* lingo-trees: learning a TV card by spaced repetition, the logic alone
 * (no page, no storage): which line to ask next, whether a typed answer is
 * the card's, and how the answer moves the line between Leitner boxes.
 *
 * A card's lines are what generator/output/drill.py writes: {letter, key,
 * played: [[word, feedback], ...], answer: [word, ...]} (no played: the
 * question asks for the letter's openers, in order). The progress of a card
 * is an object {lineId: {box, due, streak, seen}}: a line right on time
 * goes up a box and comes back after that box's interval (INTERVALS), a
 * line wrong goes back to box 0 and comes back soon. A line is known in box
 * READY_BOX or above: right twice in a row, the second time after the wait
 * the first one set; the card is ready for the show when every line is.
 * Tested with node --test tests/js/drill.test.mjs.
 */
import { plain } from "./dom.js";

var MINUTE = 60 * 1000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;
/* How long a line waits after a right answer in each box (index: the box it goes to). */
export var INTERVALS = [0, MINUTE, 10 * MINUTE, HOUR, DAY, 4 * DAY, 10 * DAY, 30 * DAY];
/* A line is known from this box on. */
export var READY_BOX = 2;
/* A line answered wrong comes back after this, once other lines had their turn. */
export var AGAIN = 20 * 1000;

/* A line's id within its card: its letter and key. */
export function lineId(line) { return line.letter + "|" + line.key; }

/* A typed word as a card writes it: lower case, without accents (French
 * tiles have none), the ligature ĳ as ij. */
export function normal(word) { return plain(String(word).trim()).replace(/ĳ/g, "ij"); }

/* Whether typed is the card's word: spelt as the card does, or, where 'ij'
 * is one tile (digraphs holds "ij"), with y for that tile, as many Dutch
 * players type it. */
export function sameWord(typed, word, digraphs) {
  var t = normal(typed);
  if (t === word) return true;
  return (digraphs || []).indexOf("ij") >= 0 && word.indexOf("ij") >= 0 && t === word.replace(/ij/g, "y");
}

/* The words typed for a line: split at spaces, commas, plus signs and dots
 * between words. */
export function typedWords(text) {
  return String(text).split(/[\s,+·;]+/).filter(function (w) { return w.length > 0; });
}

/* Whether text answers line: its words, in the card's order. */
export function check(text, line, digraphs) {
  var words = typedWords(text);
  return words.length === line.answer.length && words.every(function (w, i) {
    return sameWord(w, line.answer[i], digraphs);
  });
}

/* A line never asked. */
export function fresh() { return { box: 0, due: 0, streak: 0, seen: 0 }; }

/* Whether entry is a line's progress as this module writes it (storage may hold anything). */
export function valid(entry) {
  return !!entry && typeof entry === "object" && [entry.box, entry.due, entry.streak, entry.seen].every(function (n) {
    return typeof n === "number" && isFinite(n) && n >= 0;
  }) && entry.box < INTERVALS.length && entry.box === Math.floor(entry.box);
}

/* The progress of a line after an answer at time now (ms). */
export function answer(entry, right, now) {
  var e = valid(entry) ? { box: entry.box, due: entry.due, streak: entry.streak, seen: entry.seen } : fresh();
  e.seen += 1;
  if (right) {
    // early (before its wait) a line known in part stays in its box; one being learnt (box 0) goes up
    if (now >= e.due || e.box === 0) e.box = Math.min(e.box + 1, INTERVALS.length - 1);
    e.streak += 1;
    e.due = now + INTERVALS[e.box];
  } else {
    e.box = 0;
    e.streak = 0;
    e.due = now + AGAIN;
  }
  return e;
}

/* The line to ask at time now (its index in lines, -1 if none): lines due
 * first (the longest due first), then new lines in the card's order, then
 * the line due soonest (practice ahead). letter: only that letter's lines. */
export function nextLine(lines, progress, now, letter) {
  var best = -1, bestKey = null;
  lines.forEach(function (line, i) {
    if (letter && line.letter !== letter) return;
    var e = progress[lineId(line)];
    var key = !valid(e) || e.seen === 0 ? [1, 0, i] : e.due <= now ? [0, e.due, i] : [2, e.due, i];
    if (bestKey === null || key[0] < bestKey[0] || (key[0] === bestKey[0] &&
        (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
      best = i;
      bestKey = key;
    }
  });
  return best;
}

/* Whether a line is known. */
export function known(entry) { return valid(entry) && entry.box >= READY_BOX; }

/* Per letter (in the card's order), its lines known and in all: [{letter, known, total}]. */
export function progressByLetter(lines, progress) {
  var out = [], at = {};
  lines.forEach(function (line) {
    if (!(line.letter in at)) { at[line.letter] = out.length; out.push({ letter: line.letter, known: 0, total: 0 }); }
    var row = out[at[line.letter]];
    row.total += 1;
    if (known(progress[lineId(line)])) row.known += 1;
  });
  return out;
}

/* Whether every line of the card (or of one letter) is known: ready for the show. */
export function ready(lines, progress, letter) {
  return lines.filter(function (l) { return !letter || l.letter === letter; })
    .every(function (l) { return known(progress[lineId(l)]); });
}
