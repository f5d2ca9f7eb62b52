/* lingo-trees: the words the pages' scripts show, in the page's language,
 * gettext-style: the English text is the key.
 *
 * A translated page holds its messages as JSON,
 *   <script type="application/json" id="lingo-messages">{...}</script>
 * an object from the English text to its translation; a plural message is
 * keyed by its English singular and holds [singular, plural]. An English
 * page holds none: every message is its English text. The catalogue is read
 * once, the first time a message is asked for. Without a page (node, a Web
 * Worker) everything is English.
 *
 *   t("Could not load the tree {file} ({error}).", {file: file, error: err.message})
 *   tn("{n} word", "{n} words", count)
 *   num(4.107, 3)  // "4.107" in English, "4,107" in Dutch and French
 *
 * The first argument of t and tn is always one string literal in double
 * quotes, a whole sentence with {name} placeholders, so that Babel's
 * extractor (babel.messages.extract, keywords t and tn:1,2) finds every
 * message and a translator can put the words in any order. The classic
 * scripts (site.js), which cannot import this module, read the same
 * catalogue with a few lines of their own.
 */

var catalogue = null;   // the page's messages, once read
var formats = {};       // Intl.NumberFormat by language and digits

function page() { return typeof document === "undefined" ? null : document; }

/* The page's messages: {} on an English page, or without a page. */
function messages() {
  if (catalogue !== null) return catalogue;
  catalogue = {};
  var doc = page(), e = doc && doc.getElementById ? doc.getElementById("lingo-messages") : null;
  if (e) {
    try {
      var read = JSON.parse(e.textContent);
      if (read && typeof read === "object" && !Array.isArray(read)) catalogue = read;
    } catch (err) { /* a catalogue that is not JSON: English */ }
  }
  return catalogue;
}

/* The translation of message in the catalogue, or undefined. */
function lookup(message) {
  var all = messages();
  return Object.prototype.hasOwnProperty.call(all, message) ? all[message] : undefined;
}

/* The page's language: <html lang>, else "en". */
export function lang() {
  var doc = page();
  return (doc && doc.documentElement && doc.documentElement.lang) || "en";
}

/* x written as the page's language writes numbers ("4,107" in Dutch and
 * French, "1,234" in English); with digits, exactly that many decimals. */
export function num(x, digits) {
  var language = lang(), key = language + "|" + (digits === undefined ? "" : digits);
  if (!formats[key]) {
    var opts = digits === undefined ? undefined : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    try { formats[key] = new Intl.NumberFormat(language, opts); }
    catch (e) { formats[key] = new Intl.NumberFormat("en", opts); }  // a language tag Intl does not take
  }
  return formats[key].format(x);
}

/* text with every {name} of params replaced by its value (a number as num
 * writes it); a placeholder without a value stays as it is. */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, function (whole, name) {
    if (!Object.prototype.hasOwnProperty.call(params, name) || params[name] === undefined || params[name] === null) return whole;
    var v = params[name];
    return typeof v === "number" ? num(v) : String(v);
  });
}

/* The page's translation of message (its English text), placeholders filled
 * from params; the English text when there is none. */
export function t(message, params) {
  var got = lookup(message);
  return fill(typeof got === "string" && got ? got : message, params);
}

/* Whether n takes the plural in the page's language: French says "0 mot,
 * 1 mot, 2 mots"; English and Dutch "0 words, 1 word, 2 words". */
function isPlural(n) {
  return lang().toLowerCase().split("-")[0] === "fr" ? n >= 2 : n !== 1;
}

/* The singular or the plural (English texts; the catalogue holds both
 * translations under the singular) for the count n, {n} replaced by num(n)
 * and the other placeholders from params. A message not translated is
 * English, with English's choice of form. */
export function tn(singular, plural, n, params) {
  var got = lookup(singular), text = n !== 1 ? plural : singular;
  if (Array.isArray(got)) {
    var mine = got[isPlural(n) ? 1 : 0];
    if (typeof mine === "string" && mine) text = mine;
  }
  var all = { n: n };
  if (params) for (var k in params) if (Object.prototype.hasOwnProperty.call(params, k) && k !== "n") all[k] = params[k];
  return fill(text, all);
}
