/* lingo-trees clue helper: scores the next guesses off the page's thread
 * (a module worker: new Worker(url, {type: "module"})).
 * Message in: {id, key, codes?, length, nletters, guesses, candidates,
 * isCandidate, top} (codes only the first time a list is sent); out: {id, best}.
 */
import { scoreGuesses } from "./wordgame.js";

var codesOf = {};
self.onmessage = function (e) {
  var m = e.data;
  if (m.codes) codesOf[m.key] = m.codes;
  var best = scoreGuesses(codesOf[m.key], m.length, m.nletters, m.guesses, m.candidates, m.isCandidate, m.top);
  self.postMessage({ id: m.id, best: best });
};
