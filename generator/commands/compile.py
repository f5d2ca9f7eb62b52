"""``lingo-trees compile``: compile the kernels ahead of time (:mod:`generator.core.jit`)."""

from __future__ import annotations

import argparse
import time

from generator.commands import add_force
from generator.core import jit
from generator.errors import KernelError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("compile", help="compile the kernels ahead of time: a run that needs only those (a "
                                       "Wordle proof) then loads no numba (less memory, a quicker start); "
                                       "needs a C compiler")
    add_force(p, "compile")
    p.set_defaults(func=run)


def compile_kernels(force: bool = False) -> str:
    """Compile the kernels ahead of time unless they are up to date; one line
    saying what was done (:class:`KernelError` when they cannot be)."""
    fresh, why = jit.ahead_status()
    where = jit.kernel_dir()
    if fresh and not force:
        return f"kernels compiled ahead of time: up to date ({where})"
    t0 = time.perf_counter()
    count, _ = jit.compile_ahead()
    note = f" (unused while {jit.MODE_ENV}=jit)" if jit.ahead_disabled() else ""
    return (f"kernels compiled ahead of time: {count} signatures in {time.perf_counter() - t0:.1f} s "
            f"into {where} (before: {why}){note}")


def compile_if_needed() -> str:
    """:func:`compile_kernels` for a command that does not need them (the
    build): one line either way, as the kernels also run compiled just in time."""
    if jit.ahead_disabled():
        return f"kernels: numba's JIT ({jit.MODE_ENV}=jit)"
    try:
        return compile_kernels()
    except KernelError as exc:
        return f"{exc}; numba compiles them as they run"


def run(args: argparse.Namespace) -> int:
    print(compile_kernels(args.force))
    return 0
