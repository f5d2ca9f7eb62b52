/* lingo-trees, on every page: a table wider than the screen says that it
 * scrolls (its box gets the class "scrolls"; site.css shows the note), and
 * the tile colours a player may choose: the TV shows' look (a red square
 * for the right place, a yellow circle for elsewhere) and high-contrast
 * colours (orange: right place, blue: elsewhere, as Wordle's option) for
 * colour-blind players. The choice is kept in localStorage and set as
 * data-lt-palette="tv" or "contrast" on <html> (site.css holds the
 * colours). Every <button class="tv-switch"> and <button
 * class="palette-switch"> turns its colours on and off and says whether
 * they are on; one turned on turns the other off. The theme's own switch
 * (the header's sun and moon) chooses light or dark. */
(function () {
  "use strict";
  var KEY = "lingo-trees.palette";
  var SWITCHES = { tv: "button.tv-switch", contrast: "button.palette-switch" };
  var messages = null;
  /* The page's translation of message, its English text: the catalogue a
   * translated page holds (#lingo-messages, which assets/i18n.js reads for
   * the modules), else the English. A classic script cannot import i18n.js. */
  function t(message) {
    if (messages === null) {
      var e = document.getElementById("lingo-messages");
      if (!e) return message;  // an English page (or not read yet)
      try { messages = JSON.parse(e.textContent) || {}; } catch (err) { messages = {}; }
    }
    var v = Object.prototype.hasOwnProperty.call(messages, message) ? messages[message] : "";
    return typeof v === "string" && v ? v : message;
  }
  /* What a switch says: its colours, and whether they are on. */
  function label(name, on) {
    if (name === "tv") return on ? t("TV colours: on") : t("TV colours: off");
    return on ? t("High-contrast colours: on") : t("High-contrast colours: off");
  }
  function saved() {
    try { var v = localStorage.getItem(KEY); return SWITCHES.hasOwnProperty(v) ? v : ""; } catch (e) { return ""; }
  }
  function apply(palette) {
    if (palette) document.documentElement.setAttribute("data-lt-palette", palette);
    else document.documentElement.removeAttribute("data-lt-palette");
    for (var name in SWITCHES) {
      var buttons = document.querySelectorAll(SWITCHES[name]);
      for (var i = 0; i < buttons.length; i++) {
        buttons[i].setAttribute("aria-pressed", palette === name ? "true" : "false");
        buttons[i].textContent = label(name, palette === name);
      }
    }
  }
  apply(saved());
  // the site's root, for the 404 page (generator.output.sitepages.BASE_SCRIPT): where the site is served
  try { if (window.__md_scope) localStorage.setItem("lingo-trees.root", __md_scope.pathname); } catch (e) {}
  document.addEventListener("click", function (event) {
    // the language chosen in the header's switch: the home page opens in it next time (site/overrides/main.html)
    var language = event.target.closest && event.target.closest("a.md-select__link[hreflang]");
    if (language) {
      try { localStorage.setItem("lingo-trees.language", language.getAttribute("hreflang")); } catch (e) {}
      return;
    }
    for (var name in SWITCHES) {
      var button = event.target.closest && event.target.closest(SWITCHES[name]);
      if (!button) continue;
      var next = document.documentElement.getAttribute("data-lt-palette") === name ? "" : name;
      try { localStorage.setItem(KEY, next || "normal"); } catch (e) { /* private mode: this page only */ }
      apply(next);
      return;
    }
  });
  function markScrolling() {
    var boxes = document.querySelectorAll(".letters-table, .card-screen");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].classList.toggle("scrolls", boxes[i].scrollWidth > boxes[i].clientWidth + 1);
      boxes[i].setAttribute("data-scroll-note", t("Scroll the table sideways for more columns →"));  // site.css shows it
    }
  }
  document.addEventListener("DOMContentLoaded", function () { apply(saved()); markScrolling(); });
  window.addEventListener("resize", markScrolling);
  if (document.readyState !== "loading") markScrolling();
})();
