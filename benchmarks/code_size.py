"""The size of the code, as issue 39 measures it: lines of the README, the
largest module and function of ``generator/``, and every function over 60
lines (kernels included; a function's lines count from its first decorator).

Run: python benchmarks/code_size.py [CHECKOUT]   (default: this checkout;
another one, e.g. a ``git worktree`` of an older commit, for a before figure)

Figures only; nothing is asserted.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

LONG = 60


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    modules: list[tuple[int, str]] = []
    functions: list[tuple[int, str]] = []
    for path in sorted((root / "generator").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = str(path.relative_to(root))
        modules.append((source.count("\n"), name))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                start = min([d.lineno for d in node.decorator_list] + [node.lineno])
                functions.append(((node.end_lineno or node.lineno) - start + 1, f"{name}:{node.lineno} {node.name}"))
    modules.sort()
    functions.sort()
    print(f"README.md: {(root / 'README.md').read_text(encoding='utf-8').count(chr(10))} lines")
    print(f"generator/: {len(modules)} modules, {sum(n for n, _ in modules)} lines")
    print(f"largest module: {modules[-1][1]} ({modules[-1][0]} lines); "
          f"over 600 lines: {sum(1 for n, _ in modules if n > 600)}")
    print(f"largest function: {functions[-1][1]} ({functions[-1][0]} lines)")
    long = [f for f in functions if f[0] > LONG]
    print(f"functions over {LONG} lines: {len(long)}")
    for n, where in long:
        print(f"  {n:4d}  {where}")


if __name__ == "__main__":
    main()
