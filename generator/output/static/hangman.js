/* lingo-trees Hangman lookup: the letter to call next, from the Hangman trees.
 *
 * State in the URL: hangman.html?list=L&length=N&strategy=S&path=M1,M2 (and
 * &misses=K for trees built for other than the usual misses). M is the mask
 * of one call: the word with only the letter called shown, "_" elsewhere
 * (all "_": a miss). The page shows the letter to call in #hangman-letter,
 * the word so far in #hangman-tiles (a button per place not yet known: click
 * it, or Tab to it and press Space or Enter, to mark the letter there), the
 * misses in #hangman-misses and the words still possible in #hangman-count
 * and #hangman-words (the first 200). Words are always inserted as text,
 * never as HTML. A tree file is fetched once per visit of the page (the
 * trees/hangman/L/K/S/N.json of the list, misses, strategy and length),
 * and replayed by wordgame.js.
 */
import { treePath } from "./lingo-trees-player.js";
import { BLANK, hangmanFits, hangmanReplay, hangmanStep } from "./wordgame.js";
import { $, arrows, clear, fetchJson, loadFailed, messages, options, text } from "./dom.js";
import { t, tn } from "./i18n.js";

function hangman() {
  var root = $("hangman");
  var indexEl = $("hangman-index");
  if (!root || !indexEl) return;
  var base = root.getAttribute("data-base") || "";
  var SHOW = 200, MAX_PATH = 64, LENGTH = 5;
  var index = JSON.parse(indexEl.textContent);
  var el = {
    list: $("hangman-list"), builtPick: $("hangman-built-pick"), built: $("hangman-built"),
    length: $("hangman-length"), strategy: $("hangman-strategy"), status: $("hangman-status"),
    call: $("hangman-call"), letter: $("hangman-letter"), tiles: $("hangman-tiles"),
    submit: $("hangman-submit"), back: $("hangman-back"), restart: $("hangman-restart"),
    share: $("hangman-share"), misses: $("hangman-misses"), called: $("hangman-called"),
    count: $("hangman-count"), words: $("hangman-words"), more: $("hangman-more")
  };
  var state = { list: "", misses: 0, length: 0, strategy: "", path: [] };
  var trees = {}, tree = null, loading = 0;
  var game = null;  // where state.path leads (hangmanReplay): {node, shown, calls, misses, end, kept, why}
  var marked = [];  // the places marked for the letter called

  var say = messages(el.status);

  /* -- the pickers: list, misses built for (shown when there is a choice), length, strategy */

  function listOf(id) {
    for (var i = 0; i < index.lists.length; i++) if (index.lists[i].id === id) return index.lists[i];
    return null;
  }
  function fillPickers() {
    var titles = {};
    index.lists.forEach(function (l) { titles[l.id] = l.short; });
    state.list = options(el.list, index.lists.map(function (l) { return l.id; }), titles, state.list);
    var folders = (listOf(state.list) || { folders: [] }).folders, built = [], builtTitles = {};
    folders.forEach(function (f) {
      var k = String(f.misses);
      if (built.indexOf(k) < 0) { built.push(k); builtTitles[k] = t("{n} misses", { n: f.misses }); }
    });
    state.misses = +options(el.built, built, builtTitles, String(state.misses), String(index.default_misses));
    el.builtPick.hidden = built.length < 2;
    folders = folders.filter(function (f) { return f.misses === state.misses; });
    var lengths = [], sizes = {};
    folders.forEach(function (f) {
      f.lengths.forEach(function (n, i) {
        if (lengths.indexOf(n) >= 0) return;
        lengths.push(n);
        sizes[n] = tn("{length} letters ({n} word)", "{length} letters ({n} words)", f.words[i], { length: n });
      });
    });
    lengths.sort(function (a, b) { return a - b; });
    state.length = +options(el.length, lengths.map(String), sizes, String(state.length), String(LENGTH));
    folders = folders.filter(function (f) { return f.lengths.indexOf(state.length) >= 0; });
    var strategies = {};
    folders.forEach(function (f) { strategies[f.strategy] = f.short; });
    state.strategy = options(el.strategy, Object.keys(strategies), strategies, state.strategy,
                             index.default_strategy);  // the catalog's [site] hangman_strategy
  }

  /* -- the URL */

  function query() {
    var q = "list=" + encodeURIComponent(state.list) + "&length=" + state.length +
      "&strategy=" + encodeURIComponent(state.strategy);
    if (state.misses !== index.default_misses) q += "&misses=" + state.misses;
    if (state.path.length) q += "&path=" + state.path.map(encodeURIComponent).join(",");
    return "?" + q;
  }
  function fromUrl() {
    var q = new URLSearchParams(location.search);
    state.list = q.get("list") || "";
    state.misses = parseInt(q.get("misses") || "", 10) || index.default_misses;
    state.length = parseInt(q.get("length") || "", 10) || 0;
    state.strategy = q.get("strategy") || "";
    state.path = (q.get("path") || "").split(",").filter(function (p) { return p.length > 0; }).slice(0, MAX_PATH);
  }

  /* -- the tree */

  function chosenTree() {
    return base + "trees/" + treePath({ family: "hangman", setup: state.list, misses: state.misses,
                                        strategy: state.strategy, part: state.length }) + ".gz";
  }
  function load() {
    fillPickers();
    var ticket = ++loading;
    tree = null;
    if (!state.strategy) { say(t("No Hangman tree for this choice."), "error"); return Promise.resolve(); }
    var file = chosenTree();
    root.setAttribute("data-state", "loading");
    say(t("Loading the tree of {list}, {length} letters ...", { list: state.list, length: state.length }));
    var got = trees[file] ? Promise.resolve(trees[file]) : fetchJson(file);
    return got.then(function (data) {
      trees[file] = data;
      if (ticket !== loading) return;
      tree = data;
      replay();
    }, function (err) {
      if (ticket !== loading) return;
      root.setAttribute("data-state", "error");
      say(loadFailed(t("Could not load the tree {file} ({error}).", { file: file, error: err.message })), "error");
    });
  }

  /* Follow state.path from the root (wordgame.js), stopping at the first answer that cannot be. */
  function replay() {
    game = hangmanReplay(tree, state.path);
    var dropped = state.path.length - game.kept.length;
    state.path = game.kept;
    show();
    if (dropped) {
      say(t("The answer to call {call} cannot be ({why}); the lookup stopped before it.",
            { call: game.kept.length + 1, why: game.why }), "error");
    }
  }

  /* The secrets that give every mask so far. */
  function stillPossible() { return hangmanFits(tree.secrets, game.calls, state.path); }

  /* -- the page */

  function missesText(n) {
    var allowed = tree.game.misses, also = index.also;
    var p = { n: n, allowed: allowed, also: also };
    if (n <= allowed) return t("{n} of {allowed}", p);
    if (also > allowed && n <= also) return t("{n}: lost at {allowed} misses, keep going for {also}", p);
    return also > allowed ? t("{n}: lost at {allowed} and at {also} misses, keep going to find the word", p)
      : t("{n}: lost at {allowed} misses, keep going to find the word", p);
  }

  function showWords() {
    var left = stillPossible();
    el.count.textContent = String(left.length);
    clear(el.words);
    left.slice(0, SHOW).forEach(function (w) { text(el.words, "li", w); });
    el.more.textContent = left.length > SHOW ? t("and {n} more", { n: left.length - SHOW }) : "";
  }

  function showCalls() {
    clear(el.called);
    game.calls.forEach(function (c) {
      var li = text(el.called, "li", c.letter, c.hit ? "hit" : "miss");
      li.setAttribute("aria-label", c.hit ? t("{letter}: in the word", { letter: c.letter })
        : t("{letter}: a miss", { letter: c.letter }));
    });
    el.misses.textContent = missesText(game.misses);
    el.misses.className = game.misses > tree.game.misses ? "lost" : "";
  }

  function showTiles() {
    clear(el.tiles);
    marked = game.shown.map(function () { return false; });
    var word = typeof game.node === "string" ? game.node : game.shown.join("");
    game.shown.forEach(function (c, k) {
      if (c !== BLANK) { text(el.tiles, "span", c, "tile known"); return; }
      if (game.end) { text(el.tiles, "span", word[k], "tile rest"); return; }
      var b = text(el.tiles, "button", "", "tile open");
      b.type = "button";
      b.setAttribute("data-i", String(k));
      b.addEventListener("click", function () { mark(k, !marked[k]); });
      b.addEventListener("keydown", function (ev) {  // arrows move; Space and Enter click (the button's own)
        var open = Array.prototype.slice.call(el.tiles.querySelectorAll("button"));
        arrows(ev, open, open.indexOf(b));
      });
      label(b, k);
    });
  }

  function label(b, k) {
    var letter = game.node.guess;
    b.setAttribute("aria-pressed", marked[k] ? "true" : "false");
    b.setAttribute("aria-label", marked[k] ? t("place {place}: {letter} here", { place: k + 1, letter: letter })
      : t("place {place}: not {letter}", { place: k + 1, letter: letter }));
  }
  function mark(k, on) {
    marked[k] = on;
    var b = el.tiles.querySelector('[data-i="' + k + '"]');
    b.textContent = on ? game.node.guess : "";
    label(b, k);
    submitLabel();
  }
  function submitLabel() {
    if (game.end) { el.submit.textContent = t("Submit"); return; }
    var n = marked.filter(Boolean).length, letter = game.node.guess;
    el.submit.textContent = n ? tn("Submit: {letter} in {n} place", "Submit: {letter} in {n} places", n, { letter: letter })
      : t("Submit: no {letter} (a miss)", { letter: letter });
  }

  function status() {
    var n = game.calls.length;
    if (game.end === "solved") {
      say(t("Solved in {calls} calls with {misses} misses: {word}.",
            { calls: n, misses: game.misses, word: game.shown.join("") }), "done");
    } else if (game.end === "leaf") {
      var rest = [];
      game.node.split("").forEach(function (c) { if (game.shown.indexOf(c) < 0 && rest.indexOf(c) < 0) rest.push(c); });
      say(t("The word is {word}: call {letters} (all in the word).", { word: game.node, letters: rest.join(", ") }), "done");
    } else {
      say(t("Call {call}: mark where the word has {letter}, then Submit (none marked: a miss).",
            { call: n + 1, letter: game.node.guess }));
    }
  }

  function show() {
    showCalls();
    showWords();
    showTiles();
    el.letter.textContent = game.end ? "" : game.node.guess;
    el.call.hidden = !!game.end;
    el.submit.disabled = !!game.end;
    el.back.disabled = el.restart.disabled = state.path.length === 0;
    submitLabel();
    status();
    el.share.href = query() + "#lookup";
    history.replaceState(null, "", query() + location.hash);
    root.setAttribute("data-calls", String(game.calls.length));
    root.setAttribute("data-state", game.end || "play");
  }

  function submit() {
    if (!game || game.end) return;
    var letter = game.node.guess;
    var mask = game.shown.map(function (_, k) { return marked[k] ? letter : BLANK; }).join("");
    var s = hangmanStep(tree, game.node, game.shown, mask);
    if (s.why) { say(t("That cannot be: {why}. Check the places.", { why: s.why }), "error"); return; }
    state.path.push(mask);
    replay();
    var first = el.tiles.querySelector("button");
    (first || el.restart).focus();
  }

  el.submit.addEventListener("click", submit);
  el.back.addEventListener("click", function () { if (tree) { state.path.pop(); replay(); } });
  el.restart.addEventListener("click", function () { if (tree) { state.path = []; replay(); } });
  ["list", "built", "length", "strategy"].forEach(function (k) {
    el[k].addEventListener("change", function () {
      if (k === "list") state.list = el.list.value;
      else if (k === "built") state.misses = +el.built.value;
      else if (k === "length") state.length = +el.length.value;
      else state.strategy = el.strategy.value;
      state.path = [];
      load();
    });
  });

  fromUrl();
  load();
}
hangman();
