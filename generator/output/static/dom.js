/* lingo-trees: what every page does (the lookup, the clue helper, practice
 * and the Hangman page), as one ES module. Elements are made with their text
 * set as text, never as HTML, so a word with < or & stays a word. What the
 * player reads goes through i18n.js (t, tn, num): the page's language.
 */
import { t } from "./i18n.js";

/* The element with this id. */
export function $(id) { return document.getElementById(id); }

/* A new <tag> at the end of parent, with text content and class cls (both optional). */
export function text(parent, tag, content, cls) {
  var e = document.createElement(tag);
  if (content !== undefined) e.textContent = content;
  if (cls) e.className = cls;
  parent.appendChild(e);
  return e;
}

/* A typed word as the lists write it: lower case, accents removed and
 * ligatures spelt out, as French tiles show it ("Élève" -> "eleve",
 * "cœur" -> "coeur"). */
export function plain(word) {
  return word.toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/* Remove every child of e. */
export function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

/* Whether obj has key as its own (a tree node's branch): not a name every
 * object has through its prototype, such as constructor or toString. */
export function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

/* The page's messages: say(msg, kind) puts msg in the status element, with
 * kind ("error", "done" or none) as its class. */
export function messages(status) {
  return function say(msg, kind) { status.textContent = msg; status.className = kind || ""; };
}

/* Fill a <select> with values, shown by their labels (the value itself
 * when it has none), and choose chosen, else fallback, else the first; the
 * picker is disabled when there is nothing to choose. Returns the choice. */
export function options(select, values, labels, chosen, fallback) {
  clear(select);
  values.forEach(function (v) {
    text(select, "option", labels && has(labels, v) && labels[v] || v).value = v;
  });
  var pick = values.indexOf(chosen) >= 0 ? chosen : values.indexOf(fallback) >= 0 ? fallback : values[0] || "";
  select.value = pick;
  select.disabled = values.length === 0;
  return pick;
}

/* The object last stored under key (localStorage), or {}: a private window
 * or a stored value not an object gives {}. */
export function recall(key) {
  try {
    var saved = JSON.parse(localStorage.getItem(key) || "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch (e) { return {}; }
}

/* Store value under key (localStorage); a private window keeps nothing. */
export function keep(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* this visit only */ }
}

/* -- feedback tiles ------------------------------------------------------- */

/* A mark's name, as the tiles' labels say it: "absent", "elsewhere" or "right place". */
export function markName(mark) {
  return mark === "G" ? t("right place") : mark === "Y" ? t("elsewhere") : t("absent");
}

/* The class of a tile or key with this mark: "g", "y" or "n" (none). */
export function markClass(mark) { return mark === "G" ? "g" : mark === "Y" ? "y" : "n"; }

/* How a mark is drawn on its tile: "·" for absent, else the mark. */
export function shown(mark) { return mark === "." ? "·" : mark; }

/* The mark after this one when a tile is clicked: absent, elsewhere, right place, absent ... */
export function nextMark(mark) { return { ".": "Y", "Y": "G", "G": "." }[mark] || "."; }

/* A tile (a <span>, or tag) of letter with its mark drawn beside it for the eye only. */
export function tile(parent, letter, mark, tag) {
  var e = text(parent, tag || "span", letter, "tile " + markClass(mark));
  e.setAttribute("data-mark", mark);
  text(e, "span", shown(mark), "mark").setAttribute("aria-hidden", "true");
  return e;
}

/* The keys that mark a tile: G, Y, or absent (., -, w, Backspace, Delete). */
var MARK_KEYS = { g: "G", G: "G", y: "Y", Y: "Y", ".": ".", "-": ".", w: ".", W: ".", Backspace: ".", Delete: "." };

/* Arrow keys move the focus among items (the tiles of a row, at is the one
 * with the focus); true when the key was one of them. */
export function arrows(ev, items, at) {
  if (ev.key === "ArrowRight" && at + 1 < items.length) items[at + 1].focus();
  else if (ev.key === "ArrowLeft" && at > 0) items[at - 1].focus();
  else return false;
  ev.preventDefault();
  return true;
}

/* A key pressed on tile k of a row of n feedback tiles: a mark key sets it
 * (on.mark(k, mark)) and, typed as a character, moves on to the next tile
 * (on.tiles() gives the row's tiles then); arrows move; Enter calls on.enter
 * when there is one. A key used here is not seen by the theme's own keys
 * ("." is its next page). True when the key was used. */
export function tileKey(ev, k, on) {
  var mark = MARK_KEYS[ev.key];
  if (mark) {
    on.mark(k, mark);
    var tiles = on.tiles();
    if (ev.key.length === 1 && k + 1 < tiles.length) tiles[k + 1].focus();
    ev.preventDefault();
  } else if (ev.key === "Enter" && on.enter) {
    on.enter();
    ev.preventDefault();
  } else if (!arrows(ev, on.tiles(), k)) {
    return false;
  }
  ev.stopPropagation();
  return true;
}

/* -- loading ---------------------------------------------------------------- */

/* Load the scripts a page left inert (site/overrides/main.html: the theme's,
 * on a page that shows its first result before them), in their order, then
 * replay DOMContentLoaded, which the theme waits for. Once; a no-op elsewhere. */
export function loadDeferred() {
  var inert = Array.prototype.slice.call(document.querySelectorAll("script[data-deferred-src]"));
  var left = inert.length;
  inert.forEach(function (tag) {
    var s = document.createElement("script");
    s.src = tag.getAttribute("data-deferred-src");
    s.async = false;  // run in document order, as the tags would have
    s.onload = s.onerror = function () {
      if (--left === 0) document.dispatchEvent(new Event("DOMContentLoaded"));
    };
    tag.parentNode.replaceChild(s, tag);
  });
}

/* The lines of the text file base + path (a word list: one word a line), a
 * promise; a failed fetch is an Error naming path and the HTTP status. */
export function fetchLines(base, path) {
  return fetch(base + path).then(function (r) {
    if (!r.ok) throw new Error(path + ": HTTP " + r.status);
    return textOf(r, path);
  }).then(function (body) {
    var lines = body.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return lines;
  });
}

/* The JSON file at url (a tree), a promise; a failed fetch is an Error naming the HTTP status. */
export function fetchJson(url) {
  return fetch(url).then(function (r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return textOf(r, url);
  }).then(JSON.parse);
}

/* The text of a fetched file; a .gz file (a tree, a word list) is gzipped
 * on the site, on disk as on the wire, and is gunzipped here, unless the
 * server did it already. */
function textOf(response, path) {
  if (!/\.gz$/.test(path)) return response.text();
  return response.arrayBuffer().then(function (bytes) {
    var head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
    if (head[0] !== 0x1f || head[1] !== 0x8b) return new TextDecoder().decode(bytes);
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  });
}

/* The address of a tree file of the site: trees/<parts...>.json.gz, gzipped
 * JSON (the site's copy of trees/ in the repository; fetchJson reads it). */
export function treeFile(base, parts) {
  return base + "trees/" + parts.map(function (part) { return encodeURIComponent(String(part)); }).join("/") + ".json.gz";
}

/* The message of a file that could not be loaded: failed, the caller's
 * sentence of what and why ("Could not load the words (HTTP 404)."), then
 * what to do (a page opened as a file, no network and the file not kept, or
 * the network). */
export function loadFailed(failed) {
  var todo = location.protocol === "file:" ? t("A page opened as a file cannot load it: open the site through a web server.")
    : navigator.onLine === false
      ? t("You are offline and it was not kept on this device: open it once online (practice can keep a whole game for offline).")
    : t("Check the connection and try again.");
  return failed + " " + todo;
}
