/* lingo-trees clue helper: the words that fit the clues so far, in the browser.
 *
 * State in the URL: helper.html?wordlist=ID&length=N&letter=L&clue=WORD=PATTERN&clue=...
 * (PATTERN: G right place, Y elsewhere, . absent; g/y/w also read), and
 * rule=free where a letter is shown but guesses may begin with any letter.
 * The page shows the number of words that fit in #candidate-count, the first
 * 200 of them (most common first) in #candidates, the letters known at each
 * place in #known, the letters that must occur in #must and those that do
 * not in #absent, and the best next guesses by expected group size in #best,
 * computed in a Web Worker: under TV rules (a letter shown, the default) only
 * words that begin with it. A guess added with the letter shown has its first
 * tile green already. Words are always inserted as text, never as HTML. The
 * rules are those of wordgame.js.
 */
import * as WG from "./wordgame.js";
import { $, clear, fetchLines, loadDeferred, loadFailed, markClass, markName, messages, nextMark, options, plain,
         shown, text, tileKey } from "./dom.js";
import { num, t, tn } from "./i18n.js";

function helper() {
  var root = $("helper");
  if (!root) return;
  var base = root.getAttribute("data-base") || "";
  var SHOW = 200, TOP = 10, WORK = 4000000;  // words listed, guesses shown, pairs scored at most
  var el = {
    list: $("pick-list"), length: $("pick-length"), letter: $("pick-letter"), from: $("pick-from"),
    form: $("add-clue"), guess: $("guess-input"), clues: $("clues"), status: $("status"),
    count: $("candidate-count"), candidates: $("candidates"), known: $("known"), must: $("must"),
    absent: $("absent"), best: $("best"), bestNote: $("best-note"), share: $("share"), more: $("more"),
    tv: $("tv-rule"), tvBox: $("tv-rule-box")
  };
  var index = null, data = null, letters = null, codes = null, key = "", pending = "";
  var cache = {};
  var state = { wordlist: "", length: 0, letter: "", free: false, clues: [] };  // clues: {word, pattern}
  var worker = null, started = false, sent = {}, job = 0, current = { id: 0, scale: 1, sample: 0, total: 0 };
  window.lingoHelper = { start: performance.now(), firstResult: null, bestResult: null };

  var say = messages(el.status);
  function listName() {  // the chosen list's plain name (its id stays in the URL)
    var spec = index.lists.filter(function (l) { return l.id === state.wordlist; })[0];
    return spec ? spec.title : t("the list");
  }
  function getWords(path) {  // a words file: one word a line
    if (cache[path]) return Promise.resolve(cache[path]);
    return fetchLines(base, path).then(function (words) { cache[path] = words; return words; });
  }

  function fromUrl() {
    var q = new URLSearchParams(location.search);
    state.wordlist = q.get("wordlist") || "";
    state.length = parseInt(q.get("length") || "0", 10) || 0;
    state.letter = plain(q.get("letter") || "");
    state.free = q.get("rule") === "free";
    state.clues = q.getAll("clue").map(function (c) {
      var at = c.replace(":", "=").indexOf("=");
      return at < 0 ? { word: plain(c), pattern: "" }
        : { word: plain(c.slice(0, at).trim()), pattern: c.slice(at + 1).trim() };
    });
  }
  function url() {
    var q = "wordlist=" + encodeURIComponent(state.wordlist) + "&length=" + state.length;
    if (state.letter) q += "&letter=" + encodeURIComponent(state.letter) + (state.free ? "&rule=free" : "");
    state.clues.forEach(function (c) { q += "&clue=" + encodeURIComponent(c.word) + "=" + encodeURIComponent(c.pattern); });
    return "?" + q;
  }

  function fillPickers() {
    var ids = index.lists.map(function (l) { return l.id; }), titles = {};
    index.lists.forEach(function (l) { titles[l.id] = l.title; });
    state.wordlist = options(el.list, ids, titles, state.wordlist);
    var spec = index.lists[ids.indexOf(state.wordlist)] || { lengths: {} };
    var lengths = Object.keys(spec.lengths), counts = {};
    lengths.forEach(function (n) {
      counts[n] = tn("{length} letters ({n} word)", "{length} letters ({n} words)", spec.lengths[n], { length: n });
    });
    var preferred = String(state.length || (lengths.indexOf("5") >= 0 ? 5 : lengths[0]));
    state.length = parseInt(options(el.length, lengths, counts, preferred), 10) || 0;
  }
  function fillLetters() {
    var values = [""].concat(letters.letters), labels = { "": t("not shown") };
    letters.letters.forEach(function (l) { labels[l] = l.toUpperCase(); });
    state.letter = options(el.letter, values, labels, state.letter);
    showRule();
  }
  function showRule() {  // the TV rule applies where the game shows the first letter
    el.tvBox.hidden = !state.letter;
    el.tv.checked = !state.free;
  }
  function tvLetter() {  // the letter every guess begins with, under TV rules; "" where guesses are free
    return state.letter && !state.free && state.letter in letters.code ? state.letter : "";
  }

  function load() {
    fillPickers();
    var spec = index.lists.filter(function (l) { return l.id === state.wordlist; })[0];
    var path = "helper/" + encodeURIComponent(state.wordlist) + "/" + state.length + ".txt.gz";
    say(t("Loading the words of {length} letters ...", { length: state.length }));
    pending = path;
    return getWords(path).then(function (words) {
      if (path !== pending) return;  // the player picked another list or length meanwhile
      if (path !== key) {
        key = path;
        letters = new WG.Letters(spec.alphabet, spec.digraphs);
        data = { words: words, length: state.length };
        codes = letters.encode(words, state.length);
      }
      fillLetters();
      update();
    }, function (err) {
      say(loadFailed(t("Could not load the words ({error}).", { error: err.message })), "error");
      loadDeferred();
    });
  }

  /* Read the clues of the state: the good ones, and a message for the first bad one. */
  function readClues() {
    var good = [], problem = null;
    state.clues.forEach(function (c, i) {
      var parts = letters.spell(c.word), why = null, word = c.word.slice(0, 40);
      if (!c.word) why = t("no word");
      else if (parts === null) why = t("'{word}' has a character that is not a letter of {list}", { word: word, list: listName() });
      else if (parts.length !== data.length) {
        why = tn("'{word}' has {n} letter, the words have {length}", "'{word}' has {n} letters, the words have {length}",
                 parts.length, { word: word, length: data.length });
      }
      var pattern = why ? null : WG.parsePattern(c.pattern, data.length);
      if (!why && pattern === null) {
        why = t("the feedback '{pattern}' must be {length} marks of G, Y and .", { pattern: c.pattern.slice(0, 40), length: data.length });
      }
      if (why) { if (!problem) problem = t("Clue {clue} is ignored: {why}.", { clue: i + 1, why: why }); return; }
      c.pattern = pattern;
      var cs = new Uint8Array(parts.length);
      parts.forEach(function (p, k) { cs[k] = letters.code[p]; });
      good.push({ index: i, word: c.word, letters: parts, pattern: pattern, codes: cs });
    });
    return { clues: good, problem: problem };
  }

  function update() {
    var read = readClues(), first = state.letter && state.letter in letters.code ? state.letter : "";
    var found = WG.fit(codes, data.words.length, data.length, letters.letters.length, read.clues,
                       first ? letters.code[first] : null);
    var cons = WG.constraints(read.clues, data.length, first || null);
    el.known.textContent = WG.describeKnown(cons);
    el.must.textContent = WG.describeCounts(cons);
    el.absent.textContent = WG.describeAbsent(cons);
    var cands = found.candidates;
    el.count.textContent = String(cands.length);
    clear(el.candidates);
    cands.slice(0, SHOW).forEach(function (k) { pickable(text(el.candidates, "li"), data.words[k]); });
    el.more.textContent = cands.length > SHOW ? t("and {n} more (less common)", { n: cands.length - SHOW }) : "";
    if (window.lingoHelper.firstResult === null) {
      window.lingoHelper.firstResult = performance.now();
      setTimeout(loadDeferred, 0);  // the theme's script, once the words are on screen
    }
    if (found.contradiction) {
      var c = found.contradiction, bad = read.clues[c.clue];
      say(c.clue < 0
        ? tn("No word of the list fits: the revealed first letter {letter} cannot hold ({n} word fitted before it). Check the tiles of that clue.",
             "No word of the list fits: the revealed first letter {letter} cannot hold ({n} words fitted before it). Check the tiles of that clue.",
             c.before, { letter: first.toUpperCase() })
        : tn("No word of the list fits: clue {clue} ({word} {pattern}) cannot hold ({n} word fitted before it). Check the tiles of that clue.",
             "No word of the list fits: clue {clue} ({word} {pattern}) cannot hold ({n} words fitted before it). Check the tiles of that clue.",
             c.before, { clue: bad.index + 1, word: bad.word, pattern: bad.pattern }), "error");
    } else if (read.problem) {
      say(read.problem, "error");
    } else {
      say(cands.length === 1 ? t("One word fits: {word}.", { word: data.words[cands[0]] })
        : tn("{n} word of {total} fits the clues.", "{n} words of {total} fit the clues.", cands.length,
             { total: data.words.length }),
        cands.length === 1 ? "done" : "");
    }
    renderClues();
    el.share.href = url();
    history.replaceState(null, "", url());
    scoreNext(cands);
  }

  function pickable(li, word) {  // a word the player can take as the next guess
    var b = text(li, "button", word, "word");
    b.type = "button";
    b.addEventListener("click", function () { el.guess.value = word; el.guess.focus(); });
  }

  function tile(parent, letter, mark, k, clueIndex) {
    var b = text(parent, "button", letter, "tile " + markClass(mark));
    b.type = "button";
    b.setAttribute("data-mark", mark);
    b.setAttribute("data-show", shown(mark));  // drawn by CSS: the name stays the letter's
    b.setAttribute("aria-label", t("clue {clue}, letter {place}, {letter}: {mark} (tap, or press G, Y or .)",
                                   { clue: clueIndex + 1, place: k + 1, letter: letter, mark: markName(mark) }));
    b.addEventListener("click", function () { setMark(clueIndex, k, nextMark(mark)); });
    b.addEventListener("keydown", function (ev) {
      tileKey(ev, k, { mark: function (k, m) { setMark(clueIndex, k, m); }, tiles: function () { return tilesOf(clueIndex); } });
    });
    return b;
  }
  function tilesOf(i) {  // the tiles of clue i, as shown now
    var row = el.clues.children[i];
    return row ? row.querySelectorAll(".tile") : [];
  }
  function setMark(i, k, mark) {  // the focus stays on the tile (the clues are drawn anew)
    var c = state.clues[i], p = c.pattern.split("");
    p[k] = mark;
    c.pattern = p.join("");
    update();
    var tiles = tilesOf(i);
    if (tiles[k]) tiles[k].focus();
  }
  function renderClues() {
    clear(el.clues);
    state.clues.forEach(function (c, i) {
      var li = text(el.clues, "li");
      var parts = letters.spell(c.word);
      var ok = parts && parts.length === data.length && WG.parsePattern(c.pattern, data.length) !== null;
      if (!ok) { text(li, "code", c.word.slice(0, 40) + "=" + c.pattern.slice(0, 40), "bad"); }
      else {
        var row = text(li, "span", undefined, "row");
        parts.forEach(function (l, k) { tile(row, l, c.pattern[k], k, i); });
      }
      var rm = text(li, "button", t("Remove"), "remove");
      rm.type = "button";
      rm.setAttribute("aria-label", t("remove clue {clue}", { clue: i + 1 }));
      rm.addEventListener("click", function () { state.clues.splice(i, 1); update(); });
    });
  }

  /* The best next guesses: in the worker when there is one, else here. */
  function startWorker() {
    started = true;
    try {
      worker = new Worker(base + "assets/helper-worker.js", { type: "module" });
      worker.onmessage = function (e) { showBest(e.data); };
      worker.onerror = function () { worker = null; sent = {}; if (data) update(); };  // score on the page
    } catch (e) {
      worker = null;  // no module workers in this browser: score on the page
    }
  }
  function scoreNext(cands) {
    if (!started) startWorker();
    job += 1;
    clear(el.best);
    if (cands.length <= 1) {
      el.bestNote.textContent = cands.length ? t("Play the word that fits.") : "";
      return;
    }
    var n = data.words.length, isCand = new Uint8Array(n), guesses, sample = cands, i;
    cands.forEach(function (k) { isCand[k] = 1; });
    var tv = tvLetter(), firstCode = tv ? letters.code[tv] : -1;
    if (el.from.value === "candidates") guesses = Int32Array.from(cands);
    else {
      var all = [];
      for (i = 0; i < n; i++) if (firstCode < 0 || codes[i * data.length] === firstCode) all.push(i);
      guesses = Int32Array.from(all);
    }
    var room = Math.max(1, Math.floor(WORK / guesses.length));
    if (cands.length > room) {  // score against every k-th word that fits: an estimate
      var step = cands.length / room;
      sample = [];
      for (i = 0; i < room; i++) sample.push(cands[Math.floor(i * step)]);
    }
    el.bestNote.textContent = sample.length < cands.length
      ? tn("Scoring {n} guess on {sample} of the {total} words that fit (an estimate) ...",
           "Scoring {n} guesses on {sample} of the {total} words that fit (an estimate) ...", guesses.length,
           { sample: sample.length, total: cands.length })
      : tn("Scoring {n} guess ...", "Scoring {n} guesses ...", guesses.length);
    var msg = { id: job, key: key, length: data.length, nletters: letters.letters.length, guesses: guesses,
                candidates: Int32Array.from(sample), isCandidate: isCand, top: TOP };
    current = { id: job, scale: cands.length / sample.length, sample: sample.length, total: cands.length };
    if (worker) {
      if (!sent[key]) { msg.codes = codes; sent[key] = true; }
      worker.postMessage(msg);
    } else {
      setTimeout(function () {
        if (msg.id !== job) return;
        showBest({ id: msg.id, best: WG.scoreGuesses(codes, msg.length, msg.nletters, msg.guesses,
                                                     msg.candidates, isCand, TOP) });
      }, 0);
    }
  }
  /* The best guesses' box says it scrolls when its table is wider than the page. */
  function showScroll() {
    var box = $("best-box");
    if (box) box.classList.toggle("scrolls", box.scrollWidth > box.clientWidth + 1);
  }
  window.addEventListener("resize", showScroll);
  function showBest(m) {
    if (m.id !== current.id) return;  // a newer position is being scored
    clear(el.best);
    var estimate = current.scale > 1;
    m.best.forEach(function (g) {
      var tr = text(el.best, "tr");
      pickable(text(tr, "td"), data.words[g.index]);
      text(tr, "td", (estimate ? "≈ " : "") + num(g.expected * current.scale, 2), "num");
      text(tr, "td", (estimate ? "≈ " : "") + String(Math.round(g.largest * current.scale)), "num");
      text(tr, "td", String(g.parts), "num");
      text(tr, "td", g.candidate ? t("fits") : "");
    });
    showScroll();
    var tv = tvLetter() ? t("TV rules: only words that begin with {letter}.", { letter: tvLetter().toUpperCase() }) + " " : "";
    el.bestNote.textContent = tv + (estimate
      ? t("Estimated on {sample} of the {total} words that fit, spread over the list; the order is what matters.",
          { sample: current.sample, total: current.total })
      : t("Expected group size: the average number of words that would still fit after the guess."));
    if (window.lingoHelper.bestResult === null) window.lingoHelper.bestResult = performance.now();
  }

  el.form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var word = plain(el.guess.value.trim());
    if (!word) return;
    var blank = new Array(data.length + 1).join("."), parts = letters.spell(word);
    // the letter shown is where it is: the first tile of a guess that begins with it is green
    var shownFirst = state.letter && parts && parts.length === data.length && parts[0] === state.letter;
    state.clues.push({ word: word, pattern: shownFirst ? "G" + blank.slice(1) : blank });
    el.guess.value = "";
    update();
    var rows = el.clues.children, row = rows[rows.length - 1], first = row && row.querySelector(".tile");
    if (first) first.focus();
  });
  el.list.addEventListener("change", function () { state.wordlist = el.list.value; state.length = 0; state.clues = []; load(); });
  el.length.addEventListener("change", function () { state.length = parseInt(el.length.value, 10); state.clues = []; load(); });
  el.letter.addEventListener("change", function () { state.letter = el.letter.value; showRule(); update(); });
  el.tv.addEventListener("change", function () { state.free = !el.tv.checked; update(); });
  el.from.addEventListener("change", function () { update(); });

  fromUrl();
  setTimeout(loadDeferred, 3000);  // the theme's script in any case, should the first result not come
  index = JSON.parse($("helper-index").textContent);  // in the page: the words can be fetched at once
  if (!index.lists.length) {
    say(t("This site offers no word lists to the helper."), "error");
    loadDeferred();
  } else load();
}
helper();
