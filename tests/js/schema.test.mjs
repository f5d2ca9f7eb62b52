// Every committed tree against the published JSON Schema (trees/schema.json),
// with ajv, the validator of npm: the same contract Python checks with
// jsonschema (tests/test_committed_trees.py), so both ecosystems agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const TREES = join(ROOT, "trees");
const NOT_TREES = new Set(["index.json", "schema.json", "cards.json", "openers.json", "traps.json"]);

function treeFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...treeFiles(path));
    else if (entry.name.endsWith(".json") && !NOT_TREES.has(entry.name)) out.push(path);
  }
  return out.sort();
}

function validator() {
  // ajv's defaults, with its type checks of the schema made errors instead of warnings
  const ajv = new Ajv2020({ strictTypes: true, allowUnionTypes: true });
  return ajv.compile(JSON.parse(readFileSync(join(TREES, "schema.json"), "utf8")));
}

const read = (path) => JSON.parse(readFileSync(path, "utf8"));

test("every committed tree validates against trees/schema.json with ajv", (t) => {
  const validate = validator();
  const files = treeFiles(TREES);
  assert.ok(files.length >= 800, `only ${files.length} tree files under ${TREES}`);
  const bad = [];
  for (const file of files) {
    if (!validate(read(file))) bad.push(`${file.slice(ROOT.length)}: ${ajvText(validate.errors)}`);
  }
  assert.deepEqual(bad.slice(0, 5), [], `${bad.length} of ${files.length} files break the schema`);
  t.diagnostic(`ajv: ${files.length - bad.length} of ${files.length} tree files valid`);
});

function ajvText(errors) {
  return (errors || []).map((e) => `${e.instancePath} ${e.message}`).join("; ");
}

// A card whose strategy lacks what a sheet is printed from fails the schema, not only our verifier.
const HUMAN = join(TREES, "nl", "free", "human"); // k.json has an exception move
const BROKEN = [
  ["a human card without its openers", (d) => { delete d.strategy.openers; }],
  ["an exception move that names no feedback", (d) => { delete d.strategy.exceptions[0].feedback; }],
  ["a group without its words", (d) => { delete d.strategy.groups[0].words; }],
  ["a key no scheme has", (d) => { d.strategy.rule = "free"; }],
  ["a scheme LINGO does not have", (d) => { d.strategy.scheme = "minimax"; }],
  ["a negative count", (d) => { d.strategy.words_to_learn = -1; }],
];

for (const [what, breakIt] of BROKEN) {
  test(`the schema refuses ${what}`, () => {
    const validate = validator();
    const data = read(join(HUMAN, "k.json"));
    assert.ok(data.strategy.exceptions.length > 0, "k.json has no exception move to break");
    assert.ok(validate(data), ajvText(validate.errors));
    breakIt(data);
    assert.equal(validate(data), false);
  });
}

test("the schema refuses a Hangman block without its losses and a Mastermind block with a rule", () => {
  const validate = validator();
  const hangman = read(treeFiles(join(TREES, "hangman"))[0]);
  delete hangman.strategy.losses;
  assert.equal(validate(hangman), false);
  const mastermind = read(join(TREES, "mastermind", "4x6", "knuth", "all.json"));
  assert.ok(validate(mastermind), ajvText(validate.errors));
  mastermind.strategy.rule = mastermind.strategy.method;
  assert.equal(validate(mastermind), false);
});
