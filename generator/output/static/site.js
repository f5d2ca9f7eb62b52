/* lingo-trees, on every page: a table wider than the screen says that it
 * scrolls (its box gets the class "scrolls"; site.css shows the note), and
 * the high-contrast tile colours (orange: right place, blue: elsewhere, as
 * Wordle's option), for colour-blind players. The choice is
 * kept in localStorage and set as data-lt-palette="contrast" on <html>
 * (site.css holds the colours). Every <button class="palette-switch"> turns
 * it on and off and says which colours are on. The theme's own switch (the
 * header's sun and moon) chooses light or dark. */
(function () {
  "use strict";
  var KEY = "lingo-trees.palette";
  function saved() {
    try { return localStorage.getItem(KEY) === "contrast"; } catch (e) { return false; }
  }
  function apply(on) {
    if (on) document.documentElement.setAttribute("data-lt-palette", "contrast");
    else document.documentElement.removeAttribute("data-lt-palette");
    var buttons = document.querySelectorAll("button.palette-switch");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", on ? "true" : "false");
      buttons[i].textContent = on ? "High-contrast colours: on" : "High-contrast colours: off";
    }
  }
  apply(saved());
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.palette-switch");
    if (!button) return;
    var on = document.documentElement.getAttribute("data-lt-palette") !== "contrast";
    try { localStorage.setItem(KEY, on ? "contrast" : "normal"); } catch (e) { /* private mode: this page only */ }
    apply(on);
  });
  function markScrolling() {
    var boxes = document.querySelectorAll(".letters-table, .card-screen");
    for (var i = 0; i < boxes.length; i++)
      boxes[i].classList.toggle("scrolls", boxes[i].scrollWidth > boxes[i].clientWidth + 1);
  }
  document.addEventListener("DOMContentLoaded", function () { apply(saved()); markScrolling(); });
  window.addEventListener("resize", markScrolling);
  if (document.readyState !== "loading") markScrolling();
})();
