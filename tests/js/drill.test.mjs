// The Learn page's logic (generator/output/static/drill.js): answers checked
// as a player types them, Leitner boxes, the next line to ask, progress.
// Run: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import * as D from "../../generator/output/static/drill.js";

const MIN = 60 * 1000;
const LINES = [
  { letter: "k", key: "openers", played: [], answer: ["klopt", "kunde"] },
  { letter: "k", key: "G.... G....", played: [["klopt", "G...."], ["kunde", "G...."]], answer: ["kraak"] },
  { letter: "ij", key: "openers", played: [], answer: ["ijzer"] },
];

test("answers are words in the card's order, typed as players type them", () => {
  assert.ok(D.check("klopt kunde", LINES[0], []));
  assert.ok(D.check("  Klopt, KUNDE ", LINES[0], []));
  assert.ok(D.check("klopt · kunde", LINES[0], []));
  assert.ok(!D.check("kunde klopt", LINES[0], []), "the order counts");
  assert.ok(!D.check("klopt", LINES[0], []), "every opener");
  assert.ok(!D.check("klopt kunde kraak", LINES[0], []));
});

test("'ij' is one tile: typed as ij, as the ligature or as y", () => {
  assert.ok(D.check("ijzer", LINES[2], ["ij"]));
  assert.ok(D.check("ĳzer", LINES[2], ["ij"]));
  assert.ok(D.check("yzer", LINES[2], ["ij"]));
  assert.ok(!D.check("yzer", LINES[2], []), "y is ij only where ij is one tile");
});

test("French accents may be typed or not", () => {
  const line = { letter: "e", key: "openers", played: [], answer: ["eleve", "coeur"] };
  assert.ok(D.check("élève cœur", line, []));
  assert.ok(D.check("ELEVE coeur", line, []));
});

test("right on time goes up a box, early stays, wrong goes back to box 0", () => {
  let e = D.answer(undefined, true, 0);
  assert.deepEqual([e.box, e.due, e.streak], [1, D.INTERVALS[1], 1]);
  const early = D.answer(e, true, 10);
  assert.equal(early.box, 1, "asked before its time: no promotion");
  e = D.answer(e, true, D.INTERVALS[1]);
  assert.equal(e.box, D.READY_BOX);
  assert.ok(D.known(e));
  e = D.answer(e, false, 5 * MIN);
  assert.deepEqual([e.box, e.streak, e.due], [0, 0, 5 * MIN + D.AGAIN]);
  assert.ok(!D.known(e));
  assert.equal(D.answer(e, true, 5 * MIN + 1).box, 1, "a line missed, then right before its wait, is learnt again");
  for (let i = 0; i < 20; i++) e = D.answer(e, true, e.due);
  assert.equal(e.box, D.INTERVALS.length - 1, "the last box holds");
});

test("the next line: due first, then new in the card's order, then the soonest", () => {
  const p = {};
  assert.equal(D.nextLine(LINES, p, 0), 0);
  p[D.lineId(LINES[0])] = D.answer(undefined, true, 0);  // due in a minute
  assert.equal(D.nextLine(LINES, p, 1000), 1, "a new line before one not due");
  p[D.lineId(LINES[1])] = D.answer(undefined, false, 1000);  // back in 20 s
  assert.equal(D.nextLine(LINES, p, 2000), 2);
  p[D.lineId(LINES[2])] = D.answer(undefined, true, 2000);
  assert.equal(D.nextLine(LINES, p, 3000), 1, "nothing due or new: the soonest");
  assert.equal(D.nextLine(LINES, p, MIN + 10), 1, "both due: the longest due first");
  assert.equal(D.nextLine(LINES, p, 3000, "ij"), 2, "one letter's lines only");
  assert.equal(D.nextLine(LINES, p, 3000, "q"), -1);
});

test("progress per letter and ready for the show", () => {
  const p = {};
  for (const line of LINES.slice(0, 2)) {
    p[D.lineId(line)] = D.answer(D.answer(undefined, true, 0), true, MIN);
  }
  assert.deepEqual(D.progressByLetter(LINES, p), [{ letter: "k", known: 2, total: 2 }, { letter: "ij", known: 0, total: 1 }]);
  assert.ok(D.ready(LINES, p, "k"));
  assert.ok(!D.ready(LINES, p));
});

test("stored progress that is not ours counts as new", () => {
  for (const bad of [null, 3, "x", { box: -1, due: 0, streak: 0, seen: 1 }, { box: 99, due: 0, streak: 0, seen: 1 },
                     { box: 1, due: NaN, streak: 0, seen: 1 }, { box: 1.5, due: 0, streak: 0, seen: 1 }]) {
    assert.ok(!D.valid(bad));
    assert.deepEqual(D.answer(bad, true, 0).box, 1);
  }
});
