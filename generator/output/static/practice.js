/* lingo-trees practice game: play LINGO or Wordle in the browser, then see
 * how the set-up's trees would have played the same word (LINGO: the human
 * scheme and the optimal tree of the word's first letter; Wordle: the
 * optimal trees and a greedy one, the set-up's "strategies").
 *
 * State in the URL: practice.html?setup=S&rule=R&mode=day[&date=YYYY-MM-DD]
 * (the word of the day: the same for everyone on a date) or
 * practice.html?setup=S&rule=R&mode=random&word=N (N: the word's place in
 * practice/S/answers.txt, so a reload or a shared link plays the same word;
 * a word itself is read too, and the URL then names it by its place).
 * Without a set-up or rule in the URL the page plays the one the player last
 * picked (localStorage "lingo-trees.practice"), else the index's default
 * (the show's own: Dutch five letters under TV rules).
 * The page holds the index (#practice-index, made by
 * generator.output.practicedata); the words are in practice/S/answers.txt
 * (the possible secrets) and practice/S/guesses.txt (the other allowed
 * guesses), one a line; after the game the trees are read from trees/
 * (LINGO: the start letter's, S/R/T/<letter>.json; Wordle, no letter shown:
 * S/R/T/all.json) and played by lingo-trees-player.js. The rules (letters,
 * digraphs, feedback, hard mode) are those of wordgame.js: under TV rules
 * every guess begins with the letter shown, in hard mode every guess keeps
 * the greens in place and plays every letter found again. Words are always
 * inserted as text, never as HTML.
 */
import * as P from "./lingo-trees-player.js";
import * as WG from "./wordgame.js";
import { $, clear, fetchJson, fetchLines, has, keep, loadFailed, markClass, markName, messages, options, plain, recall,
         text, tile, treeFile } from "./dom.js";
import { t, tn } from "./i18n.js";

function practice() {
  var root = $("practice");
  var source = $("practice-index");
  if (!root || !source) return;
  var base = root.getAttribute("data-base") || "";
  var RANK = { ".": 1, "Y": 2, "G": 3 };
  var WHOLE = "all";  // the tree of a game that shows no letter (generator.output.practicedata.WHOLE)
  var el = {
    setup: $("pick-setup"), rule: $("pick-rule"), random: $("new-random"), day: $("new-day"),
    share: $("share"), title: $("game-title"), board: $("board"), status: $("status"),
    keyboard: $("keyboard"), summary: $("summary"), summaryWord: $("summary-word"), trees: $("summary-trees"),
    result: $("result"), again: $("again"), playAgain: $("play-again"), shareResult: $("share-result"),
    shareGrid: $("share-grid"), keep: $("keep-offline"), keepStatus: $("keep-status")
  };
  var STORE = "lingo-trees.practice";
  var index = JSON.parse(source.textContent);
  var setups = {};
  index.setups.forEach(function (s) { setups[s.id] = s; });
  // want: the rule the player asked for (a set-up without its trees plays another, ruleOf)
  var state = { setup: "", rule: "", want: "", mode: "day", word: null, date: "" };
  var words = {};  // set-up id -> {answers: [...], valid: {word: true}, letters: WordGame.Letters}
  var data = null, setup = null, game = null, keys = {}, run = 0;
  // for tests: the word's place in answers.txt (it is in the URL of a random word too), the trees' play after
  // a game, whether a word counts as a guess
  var api = window.lingoPractice = { dayIndex: WG.dayIndex, ready: false, index: null, summary: null,
                                     accepts: function (word) { return data !== null && valid(word); } };
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function today() {  // the local date, YYYY-MM-DD
    var d = new Date();
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  }

  var say = messages(el.status);
  function allGreen(n) { return new Array(n + 1).join("G"); }
  function spell(word) { return data.letters.spell(word) || []; }
  function upper(letter) { return letter.toUpperCase(); }
  function describe(parts, pattern) {  // "a elsewhere, l absent, ..."
    return parts.map(function (l, k) { return t("{letter} {mark}", { letter: l, mark: markName(pattern[k]) }); }).join(", ");
  }

  /* -- the word lists and trees ---------------------------------------------- */

  function treeUrl(sid, rule, strategy, letter) {  // a tree file of the site
    return treeFile(base, [sid, rule, strategy, letter]);
  }

  function getWords(path, count) {
    if (!count) return Promise.resolve([]);
    return fetchLines(base, path);
  }
  function loadWords(s) {
    if (words[s.id]) return Promise.resolve(words[s.id]);
    return Promise.all([getWords(s.answers.file, s.answers.count), getWords(s.guesses.file, s.guesses.count)])
      .then(function (got) {
        var valid = Object.create(null);
        got[0].forEach(function (w) { valid[w] = true; });
        got[1].forEach(function (w) { valid[w] = true; });
        words[s.id] = { answers: got[0], valid: valid, letters: new WG.Letters(s.alphabet, s.digraphs) };
        return words[s.id];
      });
  }

  /* -- pickers and the URL ---------------------------------------------------- */

  function pick(select, values, labels, chosen) {  // a picker of one choice is shown, not used
    var v = options(select, values, labels, chosen);
    select.disabled = values.length < 2;
    return v;
  }
  /* The rule to play on set-up s: the one wanted if s has it, else the
   * default's, else the free rule, else its first. */
  function ruleOf(s, wanted) {
    var rules = Object.keys(s.trees), dflt = (index["default"] || {}).rule;
    var pick = [wanted, dflt, "free"].filter(function (r) { return r && rules.indexOf(r) >= 0; });
    return pick.length ? pick[0] : rules[0] || wanted || "free";
  }
  function fillPickers() {
    var ids = index.setups.map(function (s) { return s.id; }), titles = {};
    index.setups.forEach(function (s) { titles[s.id] = s.short; });  // a phone's picker has room for it
    state.setup = pick(el.setup, ids, titles, state.setup);
    setup = setups[state.setup];
    state.rule = pick(el.rule, Object.keys(setup.trees), setup.rule_titles, ruleOf(setup, state.want));
    // Wordle has no TV look: its switch goes, and its tiles keep Wordle's colours (practice.css)
    root.classList.toggle("no-letter-shown", !setup.first_letter_shown);
    Array.prototype.forEach.call(root.querySelectorAll(".tv-switch"), function (b) {
      b.hidden = !setup.first_letter_shown;
    });
  }
  /* The player's last pick of set-up and rule ({} if none, or not this site's). */
  function saved() {
    var v = recall(STORE);
    return typeof v.setup === "string" && has(setups, v.setup) ? v : {};
  }
  function remember() { keep(STORE, { setup: state.setup, rule: state.want }); }
  function fromUrl() {
    var q = new URLSearchParams(location.search), mine = saved(), dflt = index["default"] || {};
    var named = q.get("setup");
    state.setup = named !== null && has(setups, named) ? named : mine.setup || dflt.setup || "";
    state.want = q.get("rule") || (typeof mine.rule === "string" ? mine.rule : "") || dflt.rule || "";
    state.mode = q.get("mode") === "random" ? "random" : "day";
    state.word = q.get("word");
    var date = q.get("date") || "";
    state.date = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "";
  }
  function url() {
    var q = "setup=" + encodeURIComponent(state.setup) + "&rule=" + encodeURIComponent(state.rule) +
      "&mode=" + state.mode;
    if (state.mode === "random") q += "&word=" + game.index;
    else if (state.date) q += "&date=" + state.date;
    return "?" + q;
  }

  /* The secret's place: the word of the day, the one the URL names, or a
   * new random one; with a note when the URL named no word of the list. */
  function secretIndex() {
    var n = data.answers.length, w = state.word;
    state.word = null;
    if (state.mode === "day") return { index: WG.dayIndex(state.date || today(), setup.id, n) };
    if (w !== null && /^\d+$/.test(w) && parseInt(w, 10) < n) return { index: parseInt(w, 10) };
    var at = w === null ? -1 : data.answers.indexOf(plain(w));
    if (at >= 0) return { index: at };
    return { index: Math.floor(Math.random() * n), note: w ? t("No word {word} here: a new random word instead.", { word: w }) : "" };
  }

  /* -- a game ----------------------------------------------------------------- */

  function load() {
    fillPickers();
    var mine = ++run;
    api.ready = false;
    data = game = null;  // no play until the set-up's words are in
    clear(el.board);
    clear(el.keyboard);
    el.summary.hidden = true;
    el.again.hidden = true;
    el.shareGrid.hidden = true;
    el.result.className = "result";
    say(t("Loading the words of {setup} ...", { setup: setup.title }));
    return loadWords(setup).then(function (got) {
      if (mine !== run) return;
      data = got;
      if (!data.answers.length) { say(t("No words to play for this set-up."), "error"); return; }
      start();
    }, function (err) {
      if (mine === run) say(loadFailed(t("Could not load the words ({error}).", { error: err.message })), "error");
    });
  }

  function start() {
    var picked = secretIndex(), i = picked.index;
    var secret = data.answers[i], parts = spell(secret);
    var first = setup.first_letter_shown ? parts[0] : "";  // LINGO shows it; Wordle none
    game = { index: i, secret: secret, parts: parts, first: first, rows: [], typed: "", over: false, won: false };
    run += 1;
    api.summary = null;
    api.index = i;
    if (el.again.contains(document.activeElement)) el.board.focus({ preventScroll: true });  // typing plays
    el.summary.hidden = true;
    el.again.hidden = true;
    el.shareGrid.hidden = true;
    el.result.className = "result";
    clear(el.trees);
    el.title.textContent = state.mode === "day" ? t("Word of the day, {date}", { date: state.date || today() }) : t("A random word");
    buildKeyboard();
    render();
    say((picked.note ? picked.note + " " : "") + turnMessage(), picked.note ? "error" : "");
    el.share.href = url();
    history.replaceState(null, "", url());
    api.ready = true;
  }

  function turnMessage() {
    var p = { turn: game.rows.length + 1, turns: setup.turns, letter: upper(game.first) };
    var rule = state.rule === "same-start" ? " " + t("Under TV rules every guess begins with {letter}.", p)
      : state.rule === "hard" ? " " + t("Hard mode: greens stay in place, every letter found is played again.") : "";
    return (game.first ? t("Turn {turn} of {turns}: the word begins with {letter}.", p) : t("Turn {turn} of {turns}.", p)) + rule;
  }

  /* The letter known at each place, shown in the row to type (LINGO, as on
   * TV: the first, and every green so far); Wordle shows none. */
  function known() {
    var out = game.parts.map(function (_, k) { return k === 0 ? game.first : ""; });
    if (!game.first) return out;
    game.rows.forEach(function (r) {
      for (var k = 0; k < r.parts.length; k++) if (r.pattern[k] === "G") out[k] = r.parts[k];
    });
    return out;
  }

  function row(parent, label) {
    var r = text(parent, "div", undefined, "row");
    r.setAttribute("role", "group");
    r.setAttribute("aria-label", label);
    var tiles = text(r, "span", undefined, "tiles");
    tiles.setAttribute("aria-hidden", "true");
    return tiles;
  }

  function render() {
    clear(el.board);
    var L = setup.length, hints = known();
    el.board.style.setProperty("--letters", String(L));  // the tiles shrink to fit (practice.css)
    for (var i = 0; i < setup.turns; i++) {
      var r = game.rows[i];
      if (r) {
        var tiles = row(el.board, t("turn {turn}: {word}: {marks}", { turn: i + 1, word: r.word, marks: describe(r.parts, r.pattern) }));
        tiles.parentNode.setAttribute("data-word", r.word);
        r.parts.forEach(function (l, k) { tile(tiles, l, r.pattern[k]); });
        continue;
      }
      var current = !game.over && i === game.rows.length;
      var typed = current ? spell(game.typed) : [];
      var p = { turn: i + 1, word: game.typed, letter: game.first };
      var label = !current ? t("turn {turn}: not played", p)
        : typed.length ? t("turn {turn}, your guess so far: {word}", p)
        : game.first ? t("turn {turn}: the word begins with {letter}", p) : t("turn {turn}: type a word", p);
      var cells = row(el.board, label);
      cells.parentNode.className = "row" + (current ? " current" : "");
      for (var k = 0; k < L; k++) {
        if (k < typed.length) text(cells, "span", typed[k], "tile typed");
        else if (current && hints[k]) text(cells, "span", hints[k], "tile shown");
        else text(cells, "span", "", "tile empty");
      }
    }
    colourKeys();
  }

  function valid(word) { return data.valid[word] === true; }

  function type(letter) {
    if (!game || game.over) return false;
    var next = game.typed + letter, parts = data.letters.spell(next);
    if (parts === null || parts.length > setup.length) return false;
    game.typed = next;
    render();
    return true;
  }
  function back() {
    if (!game || game.over || !game.typed) return;
    var parts = spell(game.typed);
    parts.pop();
    game.typed = parts.join("");
    render();
  }

  function submit() {
    if (!game || game.over) return;
    var word = game.typed, parts = spell(word), L = setup.length;
    if (parts.length < L) {
      say(word ? tn("A word of {length} letters, please: {word} has {n} letter.", "A word of {length} letters, please: {word} has {n} letters.",
                    parts.length, { length: L, word: word })
        : t("A word of {length} letters, please: nothing typed yet.", { length: L }), "error");
      return;
    }
    if (!valid(word)) {
      say(t("{word} is not in the word list: try another word (this does not count as a turn).", { word: word }), "error");
      return;
    }
    if (state.rule === "same-start" && parts[0] !== game.first) {
      say(t("Under TV rules every guess begins with {letter}, and {word} does not: try another word (this does not count as a turn).",
            { letter: upper(game.first), word: word }), "error");
      return;
    }
    var why = state.rule === "hard" ? hardMode(parts) : null;
    if (why) {
      say(t("{word} breaks hard mode: {why}. Try another word (this does not count as a turn).", { word: word, why: why }), "error");
      return;
    }
    var pattern = WG.feedback(data.letters, word, game.secret);
    game.rows.push({ word: word, parts: parts, pattern: pattern });
    game.typed = "";
    var turns = game.rows.length;
    if (pattern === allGreen(L)) { game.over = true; game.won = true; }
    else if (turns >= setup.turns) game.over = true;
    render();
    var said = t("{word}: {marks}.", { word: word, marks: describe(parts, pattern) });
    if (game.won) say(tn("Won in {n} turn: the word is {word}.", "Won in {n} turns: the word is {word}.", turns, { word: game.secret }), "done");
    else if (game.over) say(said + " " + t("Out of turns: the word was {word}.", { word: game.secret }), "error");
    else say(said + " " + turnMessage());
    if (game.over) { summary(); finish(); }
  }

  /* Why a guess breaks hard mode after the turns played, or null. */
  function hardMode(parts) {
    for (var i = 0; i < game.rows.length; i++) {
      var why = WG.hardModeViolation(game.rows[i].parts, game.rows[i].pattern, parts);
      if (why) return why;
    }
    return null;
  }

  /* The game is over: the result and "Play again" where the player looks. */
  function finish() {
    el.again.hidden = false;
    el.shareGrid.hidden = true;
    el.shareGrid.textContent = WG.shareGrid(
      el.setup.options[el.setup.selectedIndex].text + " · " + (state.mode === "day" ? state.date || today() : t("random word")),
      game.rows.map(function (r) { return r.pattern; }), setup.turns, game.won);
    el.result.className = "result over " + (game.won ? "won" : "lost");
    el.playAgain.focus({ preventScroll: true });
    el.result.scrollIntoView({ block: "nearest" });
  }

  /* -- the on-screen keyboard ------------------------------------------------- */

  function buildKeyboard() {
    clear(el.keyboard);
    keys = {};
    var letters = data.letters.letters, placed = {};
    var rows = setup.keyboard.map(function (r) {  // the rows its players know (AZERTY in French)
      return r.split("").filter(function (c) { return c in data.letters.code; });
    });
    rows.forEach(function (r) { r.forEach(function (c) { placed[c] = true; }); });
    letters.forEach(function (c) { if (!placed[c]) rows[rows.length - 1].push(c); });  // digraphs, other letters
    rows.forEach(function (r, i) {
      var line = text(el.keyboard, "div", undefined, "keys");
      if (i === rows.length - 1) key(line, "Enter", t("Enter"), t("Enter: play the word"), "wide");
      r.forEach(function (c) { keys[c] = key(line, c, c, c, ""); });
      if (i === rows.length - 1) key(line, "Backspace", "⌫", t("Backspace: take a letter back"), "wide");
    });
  }
  function key(line, name, shown, label, cls) {
    var b = text(line, "button", shown, "key" + (cls ? " " + cls : ""));
    b.type = "button";
    b.setAttribute("data-key", name);
    b.setAttribute("aria-label", label);
    b.addEventListener("click", function () { press(name); });
    return b;
  }
  function colourKeys() {
    var best = {};
    game.rows.forEach(function (r) {
      r.parts.forEach(function (l, k) {
        if (!best[l] || RANK[r.pattern[k]] > RANK[best[l]]) best[l] = r.pattern[k];
      });
    });
    Object.keys(keys).forEach(function (l) {
      var b = keys[l], m = best[l];
      b.className = "key" + (m ? " " + markClass(m) : "");
      b.textContent = l;
      if (m) b.setAttribute("data-show", m === "." ? "·" : m);  // drawn by CSS: the name stays the letter's
      else b.removeAttribute("data-show");
      b.setAttribute("aria-label", m ? t("{letter}, {mark}", { letter: l, mark: markName(m) }) : l);
      b.disabled = game.over;
    });
    Array.prototype.forEach.call(el.keyboard.querySelectorAll(".wide"), function (b) { b.disabled = game.over; });
  }
  function press(name) {
    if (name === "Enter") submit();
    else if (name === "Backspace") back();
    else type(name);
  }

  /* Keys typed anywhere on the page (but in a picker, a field or the theme's
   * search) play; the theme's own shortcut keys must not see them. */
  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !game) return;
    var target = ev.target || document.body, tag = target.tagName || "";
    var free = target === document.body || target === document.documentElement || target === el.board ||
      (target.classList && target.classList.contains("key"));
    var inside = root.contains(target) && tag !== "SELECT" && tag !== "INPUT" && tag !== "TEXTAREA";
    // a typed é is the tile e, a typed œ the tiles o and e
    var k = ev.key || "", typed = k.length === 1 ? plain(k) : "";
    var letter = typed !== "" && typed.split("").every(function (c) { return c in data.letters.code; });
    if (k === "Enter" && free && !game.over) submit();
    else if (k === "Backspace" && (free || inside) && !game.over) back();
    else if (letter && (free || inside)) typed.split("").forEach(type);  // a full row or a game over: nothing
    else return;
    ev.preventDefault();
    ev.stopPropagation();
  }

  /* -- after the game: the trees' play of the same word ------------------------ */

  function walk(tree, secret) {  // the guesses and their feedback, from the root to the secret (lingo-trees-player.js)
    function reply(guess, secret) { return WG.feedback(data.letters, guess, secret); }
    var guesses = P.play(tree, secret, reply);
    return guesses && guesses.map(function (word) {
      return { word: word, parts: spell(word), pattern: reply(word, secret) };
    });
  }

  function summary() {
    var mine = run, secret = game.secret, letter = game.first || WHOLE;
    var names = setup.strategies;
    var have = setup.trees[state.rule] || {};
    el.summaryWord.textContent = secret;
    el.summary.hidden = false;
    clear(el.trees);
    text(el.trees, "p", game.won ? tn("You: {n} turn.", "You: {n} turns.", game.rows.length)
      : tn("You: not found in {n} turn.", "You: not found in {n} turns.", setup.turns), "you");
    var sections = names.map(function (name) {
      var box = text(el.trees, "section", undefined, "tree-play");
      box.setAttribute("data-strategy", name);
      text(box, "h3", index.strategy_titles[name]);
      var note = text(box, "p", t("Loading ..."));
      return { name: name, box: box, note: note };
    });
    var found = [];
    Promise.all(sections.map(function (s) {
      if ((have[s.name] || []).indexOf(letter) < 0) {
        s.note.textContent = game.first ? t("This site has no such tree for {letter} under this rule.", { letter: upper(letter) })
          : t("This site has no such tree under this rule.");
        found.push({ strategy: s.name, turns: null, words: [] });
        return null;
      }
      var file = treeUrl(setup.id, state.rule, s.name, letter);
      return fetchJson(file).then(P.loadTree).then(function (tree) {
        if (mine !== run) return;
        var path = walk(tree, secret);
        if (path === null) {
          s.note.textContent = t("The tree does not reach {word}.", { word: secret });
          s.note.className = "error";
          found.push({ strategy: s.name, turns: null, words: [] });
          return;
        }
        var n = path.length;
        s.note.textContent = n > setup.turns
          ? tn("{n} turn, past the {turns} turns of the game.", "{n} turns, past the {turns} turns of the game.", n, { turns: setup.turns })
          : tn("{n} turn.", "{n} turns.", n);
        s.note.className = "turns";
        var list = text(s.box, "ol", undefined, "tree-path");
        list.style.setProperty("--letters", String(setup.length));
        path.forEach(function (step, i) {
          var li = text(list, "li");
          var tiles = row(li, t("turn {turn}: {word}: {marks}", { turn: i + 1, word: step.word, marks: describe(step.parts, step.pattern) }));
          tiles.parentNode.setAttribute("data-word", step.word);
          step.parts.forEach(function (l, k) { tile(tiles, l, step.pattern[k]); });
        });
        found.push({ strategy: s.name, turns: n, words: path.map(function (step) { return step.word; }) });
      }, function (err) {
        if (mine !== run) return;
        s.note.textContent = t("Could not load the tree {file} ({error}).", { file: file, error: err.message });
        s.note.className = "error";
        found.push({ strategy: s.name, turns: null, words: [] });
      });
    })).then(function () {
      if (mine !== run) return;
      found.sort(function (a, b) { return names.indexOf(a.strategy) - names.indexOf(b.strategy); });
      api.summary = found;
    });
  }

  /* -- wiring ------------------------------------------------------------------ */

  el.setup.addEventListener("change", function () {
    state.setup = el.setup.value;
    remember();
    if (state.mode === "random") state.word = null;
    load();
  });
  el.rule.addEventListener("change", function () {  // the same word under the other rule
    state.rule = state.want = el.rule.value;
    remember();
    if (game) { state.word = String(game.index); start(); }
  });
  function playRandom() {
    if (!data) return;
    state.mode = "random";
    state.word = null;
    start();
    el.board.focus({ preventScroll: true });
    el.board.scrollIntoView({ block: "nearest" });
  }
  /* Every file the chosen game can need (its words and the trees its summary
   * shows, every letter), fetched once so that the service worker keeps them:
   * the game then plays offline, whatever the word. */
  function keepOffline() {
    var kept = setup, sayKeep = messages(el.keepStatus);
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
      sayKeep(t("This browser keeps nothing for offline here (the site must be served over https)."), "error");
      return;
    }
    var files = [kept.answers.file, kept.guesses.file].filter(function (f, i) {
      return i === 0 ? kept.answers.count : kept.guesses.count;
    }).map(function (f) { return base + f; });
    Object.keys(kept.trees).forEach(function (rule) {
      Object.keys(kept.trees[rule]).forEach(function (name) {
        kept.trees[rule][name].forEach(function (letter) {
          files.push(treeUrl(kept.id, rule, name, letter));
        });
      });
    });
    var done = 0, failed = 0, next = 0;
    el.keep.disabled = true;
    function one() {
      if (next >= files.length) return Promise.resolve();
      var url = files[next++];
      return fetch(url).then(function (r) { if (!r.ok) failed += 1; }, function () { failed += 1; }).then(function () {
        done += 1;
        sayKeep(t("Keeping {done} of {total} files ...", { done: done, total: files.length }));
        return one();
      });
    }
    Promise.all([one(), one(), one(), one()]).then(function () {
      el.keep.disabled = false;
      if (failed) sayKeep(t("{failed} of {total} files could not be kept: try again online.", { failed: failed, total: files.length }), "error");
      else {
        sayKeep(t("Kept: {setup} plays offline on this device, every word and letter ({total} files).",
                  { setup: kept.short, total: files.length }), "done");
      }
    });
  }
  el.keep.addEventListener("click", keepOffline);
  el.random.addEventListener("click", playRandom);
  el.shareResult.addEventListener("click", function () {  // the grid shown, and copied where the browser lets us
    el.shareGrid.hidden = false;
    var copied = navigator.clipboard && navigator.clipboard.writeText(el.shareGrid.textContent);
    if (copied) copied.then(function () { say(t("Your result is copied: paste it where you like."), "done"); }, function () {});
    var range = document.createRange();
    range.selectNodeContents(el.shareGrid);
    var sel = window.getSelection();
    if (sel) { sel.removeAllRanges(); sel.addRange(range); }
  });
  el.playAgain.addEventListener("click", playRandom);
  el.day.addEventListener("click", function () {
    if (!data) return;
    state.mode = "day";
    start();
    el.board.focus();
  });
  window.addEventListener("keydown", onKey, true);

  fromUrl();
  if (!index.setups.length) { say(t("No game to practise on this site."), "error"); return; }
  load();
}
practice();
