/* lingo-trees: register the service worker that keeps the site working
 * offline (sw.js at the site's root; see there). Pages served over plain
 * http from another host than localhost cannot have one: nothing happens. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var src = document.currentScript && document.currentScript.src;
  if (!src) return;
  var root = src.replace(/assets\/offline\.js(\?.*)?$/, "");
  navigator.serviceWorker.register(root + "sw.js").catch(function () { /* offline use is a bonus */ });
  // what this first visit loaded before the worker ran is stored too (later loads pass through it)
  navigator.serviceWorker.ready.then(function (registration) {
    var urls = [location.href.split("#")[0]];
    performance.getEntriesByType("resource").forEach(function (entry) { urls.push(entry.name); });
    if (registration.active) registration.active.postMessage({ store: urls });
  });
})();
