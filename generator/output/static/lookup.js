/* lingo-trees interactive lookup: static files only.
 *
 * State in the URL: lookup.html?setup=S&rule=R&strategy=T&letter=L&path=P1,P2
 * (P = one feedback pattern, G right place, Y elsewhere, . absent; for a
 * game of pegs, Mastermind, "2B1W": black and white pegs). Without them the
 * page opens on the player's last choice (localStorage), else on the game the
 * index names (its "default": the catalog's [site] table, the show's own game). The pickers
 * name set-ups, rules and strategies in plain words; ids stay in the URL.
 * When the game shows the first letter and the word played starts with it,
 * its tile is green and fixed (given): the player marks the others.
 * The word to play next is shown in #next-guess, the words still possible in
 * #candidates (one <li> per word). Words are always inserted as text, never
 * as HTML. Once a letter's tree is loaded nothing else is fetched. The tree
 * is read and walked by lingo-trees-player.js (a Player along state.path);
 * the rules (letters, feedback, the words that fit) are those of wordgame.js.
 */
import * as P from "./lingo-trees-player.js";
import * as WG from "./wordgame.js";
import { $, clear, fetchJson, has, keep, loadFailed, markClass, markName, messages, nextMark, options, recall,
         shown, text, tile, tileKey, treeFile } from "./dom.js";
import { t, tn } from "./i18n.js";

function lookup() {
  var MARKS = [".", "Y", "G"];
  var KEY = "lingo-trees.lookup";  // localStorage: the last set-up, rule, strategy and letter
  /* A first visit's game: the catalog's [site] setups, rule and strategy, which
   * the site writes into the index (the show's: Dutch, five letters, TV rules, the human scheme). */
  var DEFAULT = { setups: [], rule: "", strategy: "" };
  var root = $("lookup");
  if (!root) return;
  var base = root.getAttribute("data-base") || "";
  var el = {
    setup: $("pick-setup"), rule: $("pick-rule"), strategy: $("pick-strategy"), letter: $("pick-letter"),
    status: $("status"), history: $("history"), next: $("next-guess"), tiles: $("tiles"),
    submit: $("submit"), won: $("won"), back: $("back"), restart: $("restart"),
    candidates: $("candidates"), count: $("count"), share: $("share"), hint: $("hint")
  };
  var index = null, tree = null, trees = {}, game = null;
  var state = { setup: "", rule: "", strategy: "", letter: "", path: [] };
  var player = null;  // the game along state.path (lingo-trees-player.js)
  var node = null, marks = [], letters = [], solved = false;  // player.node, player.solved

  var say = messages(el.status);

  /* "free rule: any word may be guessed" -> "Free rule (any word may be guessed)" */
  function plain(title) {
    var s = String(title || ""), at = s.indexOf(": ");
    if (at > 0 && s.indexOf("(") < 0) s = s.slice(0, at) + " (" + s.slice(at + 2) + ")";
    return s.charAt(0).toUpperCase() + s.slice(1);
  }
  function strategyName(id) {  // the set-up's own name of it: "optimal" is not the same in every game
    var own = (index.setups[state.setup] || {}).strategy_names || {};
    return plain(own[id] || id);
  }
  function ruleName(id, titles) {
    return plain((titles || {})[id] || (index.rule_titles || {})[id] || id);
  }

  function spell(word) { return game.letters.spell(word); }
  function isPegs() { return tree.game.feedback === "pegs"; }
  /* Whether the game shows the first letter and the word (its letters) starts
   * with it: then that tile is green whatever the secret. */
  function given(ls) {
    var shown = tree && tree.game && tree.game.revealed;
    return !isPegs() && !!shown && ls.length > 0 && ls[0] === shown;
  }
  /* What to do with the tiles (or pegs): the hint under them. */
  function hint(ls) {
    if (isPegs()) {
      return t("Choose the black pegs (right colour in the right place) and the white pegs (right colour, wrong place) you got, then Next code.");
    }
    var tiles = t("Tap a tile to cycle its feedback: · absent, Y elsewhere in the word, G right place. By keyboard: Tab to a tile, press G, Y or . (the focus moves on), then Enter.");
    return given(ls) ? tiles + " " + t("The first tile is green already: the game shows that letter.") : tiles;
  }

  /* The tree's letters (every character of its secrets and guesses, and its
   * digraphs) and its secrets coded, for wordgame.js. */
  function gameOf(data) {
    var chars = {}, words = data.secrets.concat(P.words(data.root));
    words.forEach(function (w) { for (var i = 0; i < w.length; i++) chars[w[i]] = true; });
    var letters = new WG.Letters(Object.keys(chars).sort().join(""), data.game.digraphs || []);
    var length = letters.spell(data.secrets[0]).length;
    return { letters: letters, length: length, codes: letters.encode(data.secrets, length) };
  }

  function stillPossible() {  // the secrets that give every feedback received so far (wordgame.js)
    if (isPegs()) {
      return tree.secrets.filter(function (secret) {
        return state.path.every(function (p, i) { return WG.pegs(guessAt(i), secret) === p; });
      }).sort();
    }
    var clues = state.path.map(function (p, i) {
      var letters = spell(guessAt(i)), codes = new Uint8Array(letters.length);
      letters.forEach(function (l, k) { codes[k] = game.letters.code[l]; });
      return { letters: letters, pattern: p, codes: codes };
    });
    var found = WG.fit(game.codes, tree.secrets.length, game.length, game.letters.letters.length, clues, null);
    return found.candidates.map(function (k) { return tree.secrets[k]; }).sort();
  }

  function fillPickers() {
    var setups = Object.keys(index.setups);
    var titles = {};
    setups.forEach(function (s) { titles[s] = plain(index.setups[s].title || s); });
    if (!state.setup) state.setup = DEFAULT.setups.filter(function (s) { return has(index.setups, s); })[0] || "";
    state.setup = options(el.setup, setups, titles, state.setup);
    var chosen = index.setups[state.setup] || {};
    var rules = chosen.rules || {}, ruleTitles = {};
    Object.keys(rules).forEach(function (r) { ruleTitles[r] = ruleName(r, chosen.rule_titles); });
    state.rule = options(el.rule, Object.keys(rules), ruleTitles, state.rule || DEFAULT.rule);
    var strategies = rules[state.rule] || {}, strategyTitles = {};
    Object.keys(strategies).forEach(function (s) { strategyTitles[s] = strategyName(s); });
    state.strategy = options(el.strategy, Object.keys(strategies), strategyTitles, state.strategy || DEFAULT.strategy);
    var lettersOf = strategies[state.strategy] || [];
    var upper = {};
    lettersOf.forEach(function (l) { upper[l] = l.toUpperCase(); });
    state.letter = options(el.letter, lettersOf, upper, state.letter);
  }

  function url() {
    var q = "setup=" + encodeURIComponent(state.setup) + "&rule=" + encodeURIComponent(state.rule) +
      "&strategy=" + encodeURIComponent(state.strategy) + "&letter=" + encodeURIComponent(state.letter);
    if (state.path.length) q += "&path=" + state.path.join(",");
    return "?" + q;
  }

  function remember() {
    keep(KEY, { setup: state.setup, rule: state.rule, strategy: state.strategy, letter: state.letter });
  }

  function load() {
    fillPickers();
    if (!state.letter) { say(t("No trees for this choice."), "error"); return Promise.resolve(); }
    remember();
    var file = treeFile(base, [state.setup, state.rule, state.strategy, state.letter]);
    say(t("Loading the tree ..."));
    var got = trees[file] ? Promise.resolve(trees[file]) : fetchJson(file).then(P.loadTree);
    return got.then(function (data) {
      trees[file] = data;
      tree = data;
      game = gameOf(data);
      replay();
    }, function (err) {
      tree = null;
      say(loadFailed(t("Could not load this tree ({error}).", { error: err.message })), "error");
    });
  }

  function replay() {  // a Player along state.path, stopping at the first pattern it cannot take
    player = new P.Player(tree);
    var ok = [];
    for (var i = 0; i < state.path.length; i++) {
      try { ok.push(player.tell(state.path[i])); } catch (err) {
        if (!(err instanceof P.PatternError)) throw err;
        break;
      }
    }
    node = player.node; solved = player.solved;
    var dropped = state.path.length - ok.length;
    state.path = ok;
    show();
    if (dropped) {
      say(t("The feedback of turn {turn} in this link cannot occur with this word list; the lookup stopped before it.",
            { turn: ok.length + 1 }), "error");
    }
  }

  function guessAt(i) { return player.turns[i].guess; }  // the word played at turn i (0-based)

  function show() {
    clear(el.history);
    var turns = state.path.length;
    for (var i = 0; i < turns; i++) {
      var li = text(el.history, "li");
      var w = guessAt(i), ls = spell(w), p = state.path[i];
      var row = text(li, "span", undefined, "row");
      row.setAttribute("aria-label", w + ": " + p);
      if (isPegs()) {
        ls.forEach(function (l) { text(row, "span", l, "tile code"); });
        text(row, "span", pegText(p), "pegs");
      } else {
        ls.forEach(function (l, k) { tile(row, l, p[k]); });
      }
    }
    var word = P.guessOf(node);
    letters = spell(word);
    el.next.textContent = word;
    var left = solved ? [word] : stillPossible();
    clear(el.candidates);
    left.forEach(function (w) { text(el.candidates, "li", w); });
    el.count.textContent = String(left.length);
    clear(el.tiles);
    el.hint.textContent = hint(letters);
    el.submit.textContent = isPegs() ? t("Next code") : t("Next word");
    if (isPegs()) { showPegs(); return; }
    if (solved || P.isLeaf(node)) {
      marks = letters.map(function () { return "G"; });
    } else {
      marks = letters.map(function () { return "."; });
    }
    if (given(letters)) marks[0] = "G";
    letters.forEach(function (l, k) {
      if (k === 0 && given(letters)) {  // shown by the game: green already, nothing to mark
        var g = tile(el.tiles, l, "G");
        g.className += " given";
        g.setAttribute("data-given", "true");
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", t("letter 1, {letter}: right place, given (the first letter is shown)", { letter: l }));
        g.title = t("Given: the first letter is shown");
        return;
      }
      var b = tile(el.tiles, l, marks[k], "button");
      b.type = "button";
      b.setAttribute("data-i", String(k));
      b.addEventListener("click", function () { cycle(k); });
      b.addEventListener("keydown", function (ev) {
        tileKey(ev, k, { mark: setMark, tiles: function () { return el.tiles.children; }, enter: submit });
      });
      label(b, k);
    });
    finish(word);
  }

  function finish(word) {  // buttons, status and URL after the position changed
    el.submit.disabled = solved;
    el.won.disabled = solved;
    el.back.disabled = state.path.length === 0;
    Array.prototype.forEach.call(el.tiles.querySelectorAll("button, select"), function (b) { b.disabled = solved; });
    var turn = state.path.length + 1;
    var p = { turn: turn, word: word };
    if (solved) say(tn("Solved in {n} turn: {word}.", "Solved in {n} turns: {word}.", state.path.length, p), "done");
    else if (P.isLeaf(node)) {
      say(isPegs() ? t("Turn {turn}: play {word}, the only code left. It is the answer.", p)
        : t("Turn {turn}: play {word}, the only word left. It is the answer.", p), "done");
    } else if (isPegs()) say(t("Turn {turn}: play {word}, then choose the pegs you got.", p));
    else say(t("Turn {turn}: play {word}, then tap the tiles to show the feedback you got.", p));
    el.share.href = url();
    history.replaceState(null, "", url());
  }

  function pegText(p) {
    var m = /^(\d+)B(\d+)W$/.exec(p);
    return m ? t("{black} black, {white} white", { black: m[1], white: m[2] }) : p;
  }

  /* Pegs: two pickers (black, white) instead of tiles. */
  function showPegs() {
    var n = letters.length, done = solved || P.isLeaf(node);
    spell(el.next.textContent).forEach(function (l) { text(el.tiles, "span", l, "tile code"); });
    [["black", t("black pegs: right colour, right place")], ["white", t("white pegs: right colour, wrong place")]].forEach(function (kind) {
      var lab = text(el.tiles, "label", kind[1] + " ", "peg-pick");
      var sel = text(lab, "select");
      sel.id = "pegs-" + kind[0];
      for (var v = 0; v <= n; v++) text(sel, "option", String(v)).value = String(v);
      sel.value = done && kind[0] === "black" ? String(n) : "0";
      sel.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); submit(); } });
    });
    finish(el.next.textContent);
  }

  function label(b, k) {
    b.setAttribute("aria-label", t("letter {place}, {letter}: {mark} (press G, Y or . to change)",
                                   { place: k + 1, letter: letters[k], mark: markName(marks[k]) }));
  }
  function setMark(k, m) {
    var b = el.tiles.children[k];
    if (!b || b.getAttribute("data-given")) return;
    marks[k] = m;
    b.className = "tile " + markClass(m);
    b.removeAttribute("aria-invalid");
    b.setAttribute("data-mark", m);
    b.lastChild.textContent = shown(m);
    label(b, k);
  }
  function cycle(k) { setMark(k, nextMark(marks[k])); }

  function entered() {  // the feedback entered: tiles, or pegs
    if (!isPegs()) return marks.join("");
    return $("pegs-black").value + "B" + $("pegs-white").value + "W";
  }

  function submit() {
    if (solved) return;
    var p = entered(), word = P.guessOf(node);
    try { player.tell(p); } catch (err) {
      if (!(err instanceof P.PatternError)) throw err;
      if (isPegs()) say(t("No code still possible gives {pegs} for {word}: check the pegs.", { pegs: pegText(p), word: word }), "error");
      else say(explain(word, p), "error");
      return;
    }
    state.path.push(p);
    node = player.node; solved = player.solved;
    show();
    if (solved) return;
    var first = el.tiles.querySelector("button, select");
    if (first) first.focus();
  }

  /* Why no word still possible gives the marks p for word, in plain words:
   * a tile no word still possible can give, else a one-tile change that
   * fits, else the count of words still possible. The tiles at fault are
   * marked (aria-invalid). */
  function explain(word, p) {
    var left = stillPossible(), possible = {};
    left.forEach(function (s) { possible[WG.feedback(game.letters, word, s)] = true; });
    var patterns = Object.keys(possible), n = letters.length, bad = [], fixes = [];
    var start = t("No word still possible gives this feedback for {word}.", { word: word }) + " ";
    function flag(k) { var b = el.tiles.children[k]; if (b) b.setAttribute("aria-invalid", "true"); }
    for (var k = 0; k < n; k++) {
      var can = patterns.some(function (q) { return q[k] === p[k]; });
      if (can) continue;
      flag(k);
      var at = { place: k + 1, letter: letters[k].toUpperCase() };
      bad.push(p[k] === "G" ? t("You marked letter {place} ({letter}) right place (G), but no word still possible has {letter} there.", at)
        : p[k] === "Y" ? t("You marked letter {place} ({letter}) elsewhere (Y), but no word still possible has {letter} in another place.", at)
        : t("You marked letter {place} ({letter}) absent (·), but every word still possible has {letter} (there or elsewhere).", at));
    }
    if (bad.length) return start + bad.slice(0, 2).join(" ") + " " + tn("Check that tile.", "Check those tiles.", bad.length);
    for (k = 0; k < n && fixes.length < 3; k++) {
      MARKS.forEach(function (m) {
        var q = p.slice(0, k) + m + p.slice(k + 1);
        if (m !== p[k] && possible[q]) fixes.push({ k: k, m: m });
      });
    }
    if (fixes.length) {
      fixes.slice(0, 3).forEach(function (f) { flag(f.k); });
      var meant = fixes.slice(0, 3).map(function (f) {
        var fix = { place: f.k + 1, letter: letters[f.k].toUpperCase() };
        return f.m === "G" ? t("letter {place} ({letter}) as right place (G)", fix)
          : f.m === "Y" ? t("letter {place} ({letter}) as elsewhere (Y)", fix)
          : t("letter {place} ({letter}) as absent (·)", fix);
      });
      var or = t(", or ");  // between the choices: "letter 2 (A) as elsewhere (Y), or letter 3 ..."
      return start + t("The tiles you marked do not go together. Did you mean {choices}?", { choices: meant.join(or) });
    }
    return start + tn("Check the tiles you marked: {n} word is still possible, and none of them gives these marks together.",
                      "Check the tiles you marked: {n} words are still possible, and none of them gives these marks together.",
                      left.length);
  }

  /* The choice: the URL's, else the last one made here, else the show's game (fillPickers). */
  function fromUrl() {
    var q = new URLSearchParams(location.search), saved = recall(KEY);
    var chosen = q.get("setup") || q.get("rule") || q.get("strategy") || q.get("letter");
    var pick = function (k) { return q.get(k) || (chosen ? "" : typeof saved[k] === "string" ? saved[k] : ""); };
    state.setup = pick("setup");
    state.rule = pick("rule");
    state.strategy = pick("strategy");
    state.letter = pick("letter");
    state.path = (q.get("path") || "").split(",").filter(function (p) { return p.length > 0; });
  }

  el.submit.addEventListener("click", submit);
  el.won.addEventListener("click", function () {
    if (isPegs()) { $("pegs-black").value = String(letters.length); $("pegs-white").value = "0"; }
    else letters.forEach(function (_, k) { setMark(k, "G"); });
    submit();
  });
  el.back.addEventListener("click", function () { state.path.pop(); replay(); });
  el.restart.addEventListener("click", function () { state.path = []; replay(); });
  ["setup", "rule", "strategy", "letter"].forEach(function (k) {
    el[k].addEventListener("change", function () { state[k] = el[k].value; state.path = []; load(); });
  });

  fromUrl();
  // the index of this page's language: its set-ups, named in it
  fetchJson(base + (root.getAttribute("data-index") || "assets/lookup-index.json")).then(function (data) { index = data; DEFAULT = data["default"] || DEFAULT; return load(); }, function (err) {
    say(loadFailed(t("Could not load the list of trees ({error}).", { error: err.message })), "error");
  });
}
lookup();
