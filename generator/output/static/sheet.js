/* lingo-trees: a long letter sheet on its page. The page holds the first
 * rows; the rest are pages of their own (<letter>.rows-N.html, each with a
 * link to the next), put into the sheet as the reader scrolls near its end,
 * or all at once before printing ("Print this sheet"). Without script the
 * links open those pages. An ES module (it runs once the page is read). */
import { t } from "./i18n.js";

var loading = null;

function loadNext(more) {
  var href = more.getAttribute("data-rows");
  more.setAttribute("aria-busy", "true");
  return fetch(new URL(href, location.href).href).then(function (response) {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.text();
  }).then(function (text) {
    var doc = new DOMParser().parseFromString(text, "text/html");
    var rows = doc.querySelector("table.groups tbody");
    var tbody = more.closest(".sheet").querySelector("table.groups tbody");
    if (!rows || !tbody) throw new Error(t("no rows in {page}", { page: href }));
    while (rows.firstChild) tbody.appendChild(document.adoptNode(rows.firstChild));
    var next = doc.querySelector(".sheet-more");
    if (!next) { more.remove(); return null; }
    next = document.adoptNode(next);
    more.replaceWith(next);
    return next;
  }).catch(function (err) {
    more.removeAttribute("aria-busy");
    var note = more.querySelector(".sheet-error") || more.appendChild(document.createElement("span"));
    note.className = "sheet-error";
    note.textContent = " " + t("Could not load them ({error}): try again.", { error: err.message });
    throw err;
  });
}

function loadAll() {  // every row still to come, in order
  var more = document.querySelector(".sheet-more[data-rows]");
  if (!more) return Promise.resolve();
  if (!loading) loading = loadNext(more).then(function () { loading = null; }, function (err) { loading = null; throw err; });
  return loading.then(loadAll);
}

function watch() {  // load the next rows when their link comes near the screen
  var more = document.querySelector(".sheet-more[data-rows]");
  if (!more || !("IntersectionObserver" in window)) return;
  var seen = new IntersectionObserver(function (entries) {
    if (!entries.some(function (e) { return e.isIntersecting; })) return;
    seen.disconnect();
    if (!loading) loading = loadNext(more).then(function () { loading = null; watch(); }, function () { loading = null; });
  }, { rootMargin: "1500px 0px" });
  seen.observe(more);
}

document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest(".sheet-more a");
  if (link) {
    event.preventDefault();
    if (!loading) loading = loadNext(link.closest(".sheet-more")).then(function () { loading = null; watch(); },
                                                                        function () { loading = null; });
    return;
  }
  var print = event.target.closest && event.target.closest("button.print-sheet");
  if (print) {
    print.disabled = true;
    loadAll().then(function () { window.print(); }).catch(function () { /* said under the sheet */ })
      .then(function () { print.disabled = false; });
  }
});
watch();
