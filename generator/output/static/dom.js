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

  root.Dom = { text: text, clear: clear };
})(this);
