// What the node tests share: the vectors tests/js/vectors.py writes (what the
// Python answers), and drift, the cases where the JavaScript answers otherwise.
// LINGO_VECTORS=FILE reads vectors written before; PYTHON names the Python.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function readVectors() {
  let file = process.env.LINGO_VECTORS;
  if (!file) {
    file = path.join(mkdtempSync(path.join(tmpdir(), "lingo-vectors-")), "vectors.json");
    execFileSync(process.env.PYTHON || "python", [path.join(ROOT, "tests", "js", "vectors.py"), file],
                 { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/* The cases where got differs from want, the first three (an empty list
 * passes); of an answer that is a list, the first item that differs. */
export function drift(cases, got, want) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  return cases.filter((c) => !same(got(c), want(c))).slice(0, 3).map((c) => {
    const js = got(c), py = want(c);
    if (!Array.isArray(js) || !Array.isArray(py)) return { input: c, javascript: js, python: py };
    const at = js.findIndex((x, i) => !same(x, py[i]));
    return { case: cases.indexOf(c), item: at < 0 ? js.length : at, javascript: js[at], python: py[at < 0 ? js.length : at] };
  });
}
