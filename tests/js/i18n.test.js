// The page's language for the browser code (generator/output/static/i18n.js):
// t, tn and num on an English page (no catalogue; in node, no page at all)
// and on translated pages, the catalogue (#lingo-messages) given by a
// stand-in document. Each page is a fresh copy of the module (a query string
// on its URL), since it reads its catalogue once. Run: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";

const MODULE = "../../generator/output/static/i18n.js";

/* A stand-in document of language lang holding catalogue (an object, a
 * string as it is, or none); reads counts the catalogue's look-ups. */
function page(lang, catalogue) {
  const doc = {
    reads: 0,
    documentElement: { lang },
    getElementById(id) {
      if (id !== "lingo-messages" || catalogue === undefined) return null;
      doc.reads += 1;
      return { textContent: typeof catalogue === "string" ? catalogue : JSON.stringify(catalogue) };
    },
  };
  return doc;
}

/* A fresh i18n.js for the page doc (undefined: no page, as in node). */
let copies = 0;
async function on(doc) {
  if (doc === undefined) delete globalThis.document;
  else globalThis.document = doc;
  copies += 1;
  return import(`${MODULE}?page=${copies}`);
}

const FR = {
  "Could not load the tree {file} ({error}).": "Impossible de charger l'arbre {file} ({error}).",
  "Turn {turn} of {turns}.": "Tour {turn} sur {turns}.",
  "{word} is not in the word list: try another word (this does not count as a turn).":
    "Le mot {word} n'est pas dans la liste : essayez-en un autre (ce tour ne compte pas).",
  "Letter {letter}: {known} of {total}": "{known} sur {total} pour la lettre {letter}",
  "{n} word": ["{n} mot", "{n} mots"],
  "Scoring {n} guess ...": ["Évaluation de {n} essai ...", "Évaluation de {n} essais ..."],
  "Remove": "",  // not translated yet
  "fits": ["a", "b"],  // a plural where a message is wanted: English
};
const NL = {
  "{n} word": ["{n} woord", "{n} woorden"],
  "Remove": "Verwijderen",
};

test("without a page: English, English numbers, English plurals", async () => {
  const { t, tn, num, lang } = await on(undefined);
  assert.equal(lang(), "en");
  assert.equal(t("Remove"), "Remove");
  assert.equal(t("Could not load the tree {file} ({error}).", { file: "a.json", error: "HTTP 404" }),
               "Could not load the tree a.json (HTTP 404).");
  assert.equal(t("Keeping {done} of {total} files ...", { done: 3, total: 4107 }), "Keeping 3 of 4,107 files ...");
  assert.equal(t("Word of the day, {date}", { date: "2024-05-01" }), "Word of the day, 2024-05-01");  // a string as it is
  assert.equal(t("{a} and {b}", { a: "x" }), "x and {b}");  // a placeholder without a value stays
  assert.equal(t("{n} of {allowed}", { n: 0, allowed: 6 }), "0 of 6");
  assert.equal(num(4.107, 3), "4.107");
  assert.equal(num(1234), "1,234");
  assert.equal(num(1.5, 2), "1.50");
  assert.equal(num(2, 0), "2");
  assert.equal(tn("{n} word", "{n} words", 0), "0 words");
  assert.equal(tn("{n} word", "{n} words", 1), "1 word");
  assert.equal(tn("{n} word", "{n} words", 2), "2 words");
  assert.equal(tn("{n} word", "{n} words", 1234), "1,234 words");
  assert.equal(tn("Submit: {letter} in {n} place", "Submit: {letter} in {n} places", 3, { letter: "E" }), "Submit: E in 3 places");
  assert.equal(t("constructor"), "constructor");  // not a name every object has
});

test("an English page (no catalogue) reads nothing and stays English", async () => {
  const doc = page("en");
  const { t, tn, num, lang } = await on(doc);
  assert.equal(lang(), "en");
  assert.equal(t("Turn {turn} of {turns}.", { turn: 1, turns: 6 }), "Turn 1 of 6.");
  assert.equal(tn("{n} word", "{n} words", 1), "1 word");
  assert.equal(num(4.107, 3), "4.107");
  assert.equal(doc.reads, 0);
});

test("a French page: its translations, placeholders in its own order, read once", async () => {
  const doc = page("fr", FR);
  const { t, tn, num, lang } = await on(doc);
  assert.equal(lang(), "fr");
  assert.equal(t("Could not load the tree {file} ({error}).", { file: "a.json", error: "HTTP 404" }),
               "Impossible de charger l'arbre a.json (HTTP 404).");
  assert.equal(t("Letter {letter}: {known} of {total}", { letter: "K", known: 2, total: 5 }), "2 sur 5 pour la lettre K");
  assert.equal(t("{word} is not in the word list: try another word (this does not count as a turn).", { word: "kaart" }),
               "Le mot kaart n'est pas dans la liste : essayez-en un autre (ce tour ne compte pas).");
  assert.equal(t("Turn {turn} of {turns}.", { turn: 1, turns: 6 }), "Tour 1 sur 6.");
  assert.equal(doc.reads, 1);  // the catalogue is read once
  assert.equal(num(4.107, 3), "4,107");
  assert.equal(num(1.5, 2), "1,50");
  assert.equal(num(1234), new Intl.NumberFormat("fr").format(1234));  // "1 234", a narrow no-break space
  assert.equal(t("Keeping {done} of {total} files ...", { done: 3, total: 1234 }),
               "Keeping 3 of " + new Intl.NumberFormat("fr").format(1234) + " files ...");
});

test("French plurals: 0 and 1 are singular, 2 and more plural", async () => {
  const { tn } = await on(page("fr", FR));
  assert.equal(tn("{n} word", "{n} words", 0), "0 mot");
  assert.equal(tn("{n} word", "{n} words", 1), "1 mot");
  assert.equal(tn("{n} word", "{n} words", 2), "2 mots");
  assert.equal(tn("Scoring {n} guess ...", "Scoring {n} guesses ...", 4107), "Évaluation de 4\u202f107 essais ...");
  assert.equal(tn("{n} word", "{n} words", 3, { n: 99 }), "3 mots");  // {n} is always the count
});

test("a French page without a translation: the English text, with English plurals", async () => {
  const { t, tn } = await on(page("fr", FR));
  assert.equal(t("No trees for this choice."), "No trees for this choice.");
  assert.equal(t("Remove"), "Remove");  // an empty translation
  assert.equal(t("fits"), "fits");  // a plural's entry asked as one message
  assert.equal(t("Turn {turn} of {turns}", { turn: 2, turns: 6 }), "Turn 2 of 6");
  assert.equal(tn("Check that tile.", "Check those tiles.", 0), "Check those tiles.");
  assert.equal(tn("Check that tile.", "Check those tiles.", 1), "Check that tile.");
  // a message's entry asked as a plural: the English
  assert.equal(tn("Turn {turn} of {turns}.", "Turns {turn} of {turns}.", 1, { turn: 1, turns: 6 }), "Turn 1 of 6.");
});

test("Dutch: plurals as in English, numbers with a decimal comma", async () => {
  const { t, tn, num, lang } = await on(page("nl", NL));
  assert.equal(lang(), "nl");
  assert.equal(tn("{n} word", "{n} words", 0), "0 woorden");
  assert.equal(tn("{n} word", "{n} words", 1), "1 woord");
  assert.equal(tn("{n} word", "{n} words", 2), "2 woorden");
  assert.equal(num(4.107, 3), "4,107");
  assert.equal(num(1234.5, 1), "1.234,5");
  assert.equal(tn("{n} word", "{n} words", 1234), "1.234 woorden");
  assert.equal(t("Remove"), "Verwijderen");
});

test("a regional language takes its language's rule; a catalogue that is not JSON is English", async () => {
  let m = await on(page("fr-CA", FR));
  assert.equal(m.tn("{n} word", "{n} words", 0), "0 mot");
  m = await on(page("fr", "{not json"));
  assert.equal(m.t("Remove"), "Remove");
  assert.equal(m.tn("{n} word", "{n} words", 0), "0 words");
  assert.equal(m.num(4.107, 3), "4,107");  // the page's numbers all the same
  m = await on(page("fr", ["a list"]));
  assert.equal(m.t("Remove"), "Remove");
  delete globalThis.document;
});
