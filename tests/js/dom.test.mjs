// The keys of the feedback tiles (generator/output/static/dom.js: tileKey),
// written once for the lookup and the clue helper: what each key does, on a
// row of stand-in tiles (no browser needed). Run: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { arrows, nextMark, plain, tileKey } from "../../generator/output/static/dom.js";

/* A row of n tiles that records marks, focus, Enter, and what the event was told. */
function row(n, withEnter) {
  const log = { marks: [], focus: null, enter: 0 };
  const tiles = Array.from({ length: n }, (_, k) => ({ focus: () => { log.focus = k; } }));
  const on = { mark: (k, m) => log.marks.push([k, m]), tiles: () => tiles };
  if (withEnter) on.enter = () => { log.enter += 1; };
  return { log, on, tiles };
}
function press(key) {
  const ev = { key, prevented: false, stopped: false };
  ev.preventDefault = () => { ev.prevented = true; };
  ev.stopPropagation = () => { ev.stopped = true; };
  return ev;
}

test("a mark typed as a character sets the tile and moves on; the theme never sees it", () => {
  for (const [key, mark] of [["g", "G"], ["G", "G"], ["y", "Y"], ["Y", "Y"], [".", "."], ["-", "."], ["w", "."]]) {
    const r = row(5), ev = press(key);
    assert.equal(tileKey(ev, 1, r.on), true);
    assert.deepEqual(r.log.marks, [[1, mark]], key);
    assert.equal(r.log.focus, 2, key);
    assert.ok(ev.prevented && ev.stopped, key);
  }
});

test("Backspace and Delete make the tile absent and keep the focus; the last tile keeps it too", () => {
  for (const key of ["Backspace", "Delete"]) {
    const r = row(5);
    tileKey(press(key), 3, r.on);
    assert.deepEqual([r.log.marks, r.log.focus], [[[3, "."]], null], key);
  }
  const r = row(5);
  tileKey(press("g"), 4, r.on);
  assert.deepEqual([r.log.marks, r.log.focus], [[[4, "G"]], null]);
});

test("arrows move between the tiles, within the row", () => {
  const r = row(3);
  assert.equal(tileKey(press("ArrowRight"), 0, r.on), true);
  assert.equal(r.log.focus, 1);
  tileKey(press("ArrowLeft"), 1, r.on);
  assert.equal(r.log.focus, 0);
  const edge = row(3), ev = press("ArrowLeft");
  assert.equal(tileKey(ev, 0, edge.on), false);
  assert.ok(!ev.prevented && !ev.stopped && edge.log.focus === null);
  const open = row(2);
  assert.equal(arrows(press("ArrowRight"), open.tiles, 0), true);
  assert.equal(open.log.focus, 1);
});

test("Enter plays the row where the page has a play; elsewhere it is the button's own", () => {
  const played = row(5, true), ev = press("Enter");
  assert.equal(tileKey(ev, 2, played.on), true);
  assert.ok(played.log.enter === 1 && ev.stopped);
  const plain = row(5), own = press("Enter");
  assert.equal(tileKey(own, 2, plain.on), false);
  assert.ok(!own.prevented && !own.stopped);
});

test("other keys are left alone, and a click cycles absent, elsewhere, right place", () => {
  const r = row(5), ev = press("x");
  assert.equal(tileKey(ev, 0, r.on), false);
  assert.deepEqual([r.log.marks, ev.prevented, ev.stopped], [[], false, false]);
  assert.deepEqual([".", "Y", "G"].map(nextMark), ["Y", "G", "."]);
});

test("a typed word is written as the tiles show it: no accents, ligatures spelt out", () => {
  assert.equal(plain("Élève"), "eleve");
  assert.equal(plain("cœur"), "coeur");
  assert.equal(plain("GARÇON"), "garcon");
  assert.equal(plain("ijzer"), "ijzer");  // Dutch and English words stay as they are
});
