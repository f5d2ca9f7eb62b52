/* lingo-trees: learn a TV card, one line a question, by spaced repetition.
 *
 * learn.html?card=ID (ID: a card of the page's index, #learn-index, made by
 * generator/output/site.py: nl-ij-tv-card-knee and the like). The card's
 * lines are in learn/ID.json (generator/output/drill.py); which line comes
 * next, whether an answer is right and how the boxes move are drill.js.
 * The progress of each card is kept in the browser (localStorage
 * "lingo-trees.learn.ID"); the card last opened is "lingo-trees.learn".
 * Once opened, the page and its card work offline (the service worker
 * keeps them). Words are always inserted as text, never as HTML.
 */
import * as D from "./drill.js";
import * as WG from "./wordgame.js";
import { $, clear, fetchJson, keep, messages, options, recall, text, tile } from "./dom.js";
import { t, tn } from "./i18n.js";

function learn() {
  var root = $("learn");
  var source = $("learn-index");
  if (!root || !source) return;
  var base = root.getAttribute("data-base") || "";
  var el = {
    card: $("learn-card"), letter: $("learn-letter"), cost: $("learn-cost"), form: $("learn-form"),
    question: $("learn-question"), played: $("learn-played"), input: $("learn-answer"), status: $("learn-status"),
    right: $("learn-right"), next: $("learn-next"), progress: $("learn-progress"), ready: $("learn-ready")
  };
  var STORE = "lingo-trees.learn";
  var EVERY = "";  // the letter picker's "every letter"
  var index = JSON.parse(source.textContent);
  var cards = {}, labels = {};
  index.cards.forEach(function (c) { cards[c.id] = c; labels[c.id] = c.title; });
  var data = null, progress = {}, current = -1, letters = null, run = 0;
  var api = window.lingoLearn = { ready: false, line: null };
  var say = messages(el.status);

  function stored(id) {  // the card's progress kept in this browser: only entries drill.js wrote
    var saved = recall(STORE + "." + id), out = {};
    Object.keys(saved).forEach(function (k) { if (D.valid(saved[k])) out[k] = saved[k]; });
    return out;
  }

  function open(id) {
    var card = cards[id];
    var mine = ++run;
    api.ready = false;
    keep(STORE, { card: id });
    var url = new URL(location.href);
    url.searchParams.set("card", id);
    history.replaceState(null, "", url.pathname + url.search);
    say(t("Loading the card ..."));
    fetchJson(base + card.file).then(function (d) {
      if (mine !== run) return;
      data = d;
      letters = new WG.Letters("abcdefghijklmnopqrstuvwxyz", d.digraphs);
      progress = stored(id);
      el.cost.textContent = card.cost || d.cost;  // the page's index says it in the page's language
      var all = [EVERY].concat(d.letters), names = {};
      names[EVERY] = t("every letter");
      d.letters.forEach(function (l) { names[l] = l.toUpperCase(); });
      options(el.letter, all, names, el.letter.value, EVERY);
      ask();
      api.ready = true;
    }).catch(function (err) {
      if (mine !== run) return;
      say(navigator.onLine === false
        ? t("You are offline, and this card was not opened here before: open it once with a network, then it works offline.")
        : t("Could not load the card ({error}).", { error: err.message }), "error");
    });
  }

  function showPlayed(line) {
    clear(el.played);
    line.played.forEach(function (pair) {
      var row = text(el.played, "div", undefined, "played-row");
      var word = text(row, "span", undefined, "tiles");
      word.setAttribute("aria-label", pair[0] + ": " + pair[1]);
      var parts = letters.spell(pair[0]) || pair[0].split("");
      parts.forEach(function (letter, i) { tile(word, letter.toUpperCase(), pair[1][i]).setAttribute("aria-hidden", "true"); });
    });
  }

  function ask() {
    el.right.hidden = true;
    el.next.hidden = true;
    el.input.value = "";
    el.input.disabled = false;
    showProgress();
    current = D.nextLine(data.lines, progress, Date.now(), el.letter.value || undefined);
    var line = api.line = current >= 0 ? data.lines[current] : null;
    if (!line) { say(t("This letter has no line to learn: its words are tried one by one.")); return; }
    var letter = line.letter.toUpperCase();
    el.question.textContent = line.played.length
      ? t("Letter {letter}: you played this. What do you play now?", { letter: letter })
      : tn("Letter {letter}: your opener?", "Letter {letter}: your {n} openers, in order?", line.answer.length,
           { letter: letter });
    showPlayed(line);
    say("");
    el.input.focus();
  }

  function showProgress() {
    clear(el.progress);
    var rows = D.progressByLetter(data.lines, progress);
    rows.forEach(function (r) {
      var item = text(el.progress, "li", undefined, r.known === r.total ? "done" : "");
      text(item, "b", r.letter.toUpperCase());
      text(item, "span", " " + r.known + "/" + r.total);
      item.setAttribute("aria-label", t("letter {letter}: {known} of {total} lines known",
                                        { letter: r.letter.toUpperCase(), known: r.known, total: r.total }));
    });
    var letter = el.letter.value || undefined;
    el.ready.hidden = !D.ready(data.lines, progress, letter);
    el.ready.textContent = letter
      ? t("Letter {letter}: ready for the show. Every line right twice in a row, the second time after a wait.",
          { letter: letter.toUpperCase() })
      : t("Ready for the show: every line right twice in a row, the second time after a wait. Keep it fresh: come back tomorrow.");
  }

  el.form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (!data || current < 0 || el.input.disabled) return;
    var line = data.lines[current];
    var right = D.check(el.input.value, line, data.digraphs);
    progress[D.lineId(line)] = D.answer(progress[D.lineId(line)], right, Date.now());
    keep(STORE + "." + data.id, progress);
    if (right) {
      ask();
      say(t("Right: {answer}.", { answer: line.answer.join(" ") }), "done");
      return;
    }
    el.input.disabled = true;
    say(t("Not this. The card says:"), "error");
    el.right.textContent = line.letter.toUpperCase() + "  " + line.played.map(function (p) { return p[0] + " " + p[1]; })
      .concat([line.answer.join(" · ")]).join("  ·  ");
    el.right.hidden = false;
    el.next.hidden = false;
    el.next.focus();
    showProgress();
  });
  el.next.addEventListener("click", ask);
  el.letter.addEventListener("change", ask);
  el.card.addEventListener("change", function () { open(el.card.value); });

  var asked = new URL(location.href).searchParams.get("card");
  var id = options(el.card, index.cards.map(function (c) { return c.id; }), labels,
                   asked, recall(STORE).card || index.default);
  if (id) open(id);
  else say(t("No card to learn on this site."), "error");
}

learn();
