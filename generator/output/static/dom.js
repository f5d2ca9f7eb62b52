/* lingo-trees page helpers shared by the lookup, the clue helper, practice
 * and the Hangman page: elements are made with their text set as text, never
 * as HTML, so a word with < or & stays a word.
 */
(function (root) {
  "use strict";

  /* A new <tag> at the end of parent, with text content and class cls (both optional). */
  function text(parent, tag, content, cls) {
    var e = document.createElement(tag);
    if (content !== undefined) e.textContent = content;
    if (cls) e.className = cls;
    parent.appendChild(e);
    return e;
  }

  /* Remove every child of e. */
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  /* Load the scripts a page left inert (site/overrides/main.html: the theme's,
   * on a page that shows its first result before them), in their order, then
   * replay DOMContentLoaded, which the theme waits for. Once; a no-op elsewhere. */
  function loadDeferred() {
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
  function fetchLines(base, path) {
    return fetch(base + path).then(function (r) {
      if (!r.ok) throw new Error(path + ": HTTP " + r.status);
      return r.text();
    }).then(function (t) {
      var lines = t.split("\n");
      if (lines[lines.length - 1] === "") lines.pop();
      return lines;
    });
  }

  /* The JSON file at url (a tree), a promise; a failed fetch is an Error naming the HTTP status. */
  function fetchJson(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    });
  }

  /* Whether obj has key as its own (a tree node's branch): not a name every
   * object has through its prototype, such as constructor or toString. */
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

  root.Dom = { text: text, clear: clear, has: has, loadDeferred: loadDeferred, fetchLines: fetchLines,
               fetchJson: fetchJson };
})(this);
