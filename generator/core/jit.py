"""Kernels: functions compiled by numba's ``njit``, cached on disk, and
loaded only when they must be.

A kernel is a function written for numba and decorated with :func:`kernel`
(a parallel loop is ``for i in prange(n)``, with :data:`prange` from here).
Importing a module of kernels does not import numba: a command that runs no
kernel (``feedback``, ``schema``, ``index``) starts without it. A kernel is
compiled by numba when it is first called (``njit(cache=True)``: a later
process loads it from numba's cache) and sees its module's globals as they
are then: the kernels it calls and ``numba.prange``. No kernel module changes
its globals after import.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import threading
import types
from collections.abc import Callable
from typing import Any

from generator.errors import LingoTreesError

prange = range  # a loop numba may run on several threads (numba.prange inside a compiled kernel)

_threads: int | None = None  # as set by use_threads; None: numba's default
_numba_module: Any = None
_share: Callable[[], int] | None = None  # in a pool's worker: the threads its job may use now


class ThreadsError(LingoTreesError):
    """``NUMBA_NUM_THREADS`` is not a number of threads."""


#: held while a kernel's dispatcher is made (re-entrant: making one makes those it calls)
_MAKING = threading.RLock()


class Kernel:
    """A kernel (see the module's docstring); call it like the function."""

    def __init__(self, func: Callable[..., Any], parallel: bool, inline: bool):
        functools.update_wrapper(self, func)
        self.py_func = func
        self.parallel = parallel
        self.options: dict[str, Any] = {"cache": True, "nogil": True}
        if parallel:
            self.options["parallel"] = True
        if inline:
            self.options["inline"] = "always"
        self._dispatcher: Any = None
        self._making: Any = None  # the dispatcher while its scope is filled (under _MAKING)

    def __call__(self, *args: Any) -> Any:
        if self.parallel and _share is not None:
            _follow_share()
        return self.dispatcher(*args)

    def __repr__(self) -> str:
        return f"<kernel {self.py_func.__module__}.{self.py_func.__qualname__}>"

    @property
    def dispatcher(self) -> Any:
        """numba's dispatcher of this kernel (imports numba). It compiles a
        twin of the function whose globals name the dispatchers of the kernels
        it calls (numba calls those, not this wrapper) and ``numba.prange``."""
        if self._dispatcher is None:
            with _MAKING:  # threads call kernels at once: the first makes it whole, the others wait for it
                if self._dispatcher is not None:
                    return self._dispatcher
                if self._making is not None:  # this thread, making a kernel that calls this one back
                    return self._making
                numba = numba_module()
                func = self.py_func
                scope: dict[str, Any] = {}  # filled below: a kernel may call itself
                twin = types.FunctionType(func.__code__, scope, func.__name__, func.__defaults__, func.__closure__)
                twin.__qualname__, twin.__module__, twin.__doc__ = func.__qualname__, func.__module__, func.__doc__
                self._making = numba.njit(**self.options)(twin)
                scope.update(func.__globals__)
                scope["prange"] = numba.prange
                for name, value in scope.items():
                    if isinstance(value, Kernel):
                        scope[name] = value.dispatcher
                self._dispatcher = self._making  # only now may another thread call it: its scope is whole
        return self._dispatcher


def kernel(func: Callable[..., Any] | None = None, *, parallel: bool = False, inline: bool = False) -> Any:
    """Make ``func`` a kernel: ``@kernel`` or ``@kernel(parallel=True)``.
    ``parallel``: it has ``prange`` loops; ``inline``: numba inlines it into
    the kernels that call it."""
    if func is None:
        return lambda f: Kernel(f, parallel, inline)
    return Kernel(func, parallel, inline)


# -- threads -----------------------------------------------------------------


def available_cores() -> int:
    """The cores this process may use (its CPU affinity, not the machine's count)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


THREADS_ENV = "NUMBA_NUM_THREADS"
_limit: int | None = None  # the threads a kernel may use at most (thread_limit), once read


def thread_limit() -> int:
    """The most threads a kernel of this process may use: ``NUMBA_NUM_THREADS``
    (a whole number from 1) where it is set, bounded by the cores this
    process may use; else those cores. Read once, before numba is imported,
    and written back bounded: numba starts that many threads, and a worker
    started from here reads the same. Anything else is a :class:`ThreadsError`
    (numba would give a traceback, or start a thread for each of 99999)."""
    global _limit
    if _limit is None:
        cores = available_cores()
        text = os.environ.get(THREADS_ENV, "").strip()
        if not text:
            os.environ.pop(THREADS_ENV, None)
            _limit = cores
        elif not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= 1):
            raise ThreadsError(f"${THREADS_ENV} is {text[:40]!r}: give a whole number of threads from 1, "
                               f"or leave it unset (every core this process may use: {cores})")
        else:
            _limit = min(int(text), cores)
            os.environ[THREADS_ENV] = str(_limit)
    return _limit


def threads() -> int:
    """The threads a parallel kernel of this process may use."""
    if _threads is not None:
        return _threads
    if _numba_module is not None:
        return int(_numba_module.get_num_threads())
    return thread_limit()


def use_threads(n: int) -> None:
    """Let the kernels of this process use ``n`` threads (at most numba's default)."""
    global _threads
    most = int(_numba_module.config.NUMBA_NUM_THREADS) if _numba_module is not None else thread_limit()
    _threads = max(1, min(n, most))
    if _numba_module is not None:
        _numba_module.set_num_threads(_threads)


def threads_now() -> int:
    """The threads a job of this process may use now: :func:`threads`, and in
    a worker of a pool whose other workers ran out of jobs, their cores too
    (:func:`share_cores`): the last jobs of a run do not leave cores idle."""
    return max(threads(), _share()) if _share is not None else threads()


def threads_at_most() -> int:
    """The most threads :func:`threads_now` may give in this process."""
    return max(threads(), available_cores()) if _share is not None else threads()


def share_cores(share: Callable[[], int] | None) -> None:
    """Set (None: unset) what :func:`threads_now` asks in a pool's worker:
    the threads its job may use now. A parallel kernel runs on that many."""
    global _share
    _share = share


def _follow_share() -> None:
    numba = numba_module()
    n = max(1, min(threads_now(), int(numba.config.NUMBA_NUM_THREADS)))
    if n != numba.get_num_threads():
        numba.set_num_threads(n)


def threading_layer() -> str | None:
    """numba's threading layer in this process, None before a parallel kernel
    ran (no thread started: a fork is safe)."""
    if _numba_module is None:
        return None
    try:
        return str(_numba_module.threading_layer())
    except ValueError:  # no parallel kernel has run yet
        return None


def numba_module() -> Any:
    """numba, imported on first need, with the threads :func:`use_threads` set.

    Its array library is loaded first with SciPy out of reach: numba imports
    SciPy's linear algebra only to know whether ``np.dot`` on floats may call
    it. No kernel of ours multiplies matrices, and where SciPy is installed
    the probe costs 0.17 s and 15 MiB. SciPy stays importable afterwards; a
    process that already imported it is left alone."""
    global _numba_module
    if _numba_module is None:
        thread_limit()  # (numba reads NUMBA_NUM_THREADS as it is imported)
        if "scipy.linalg" not in sys.modules and "numba.np.arraymath" not in sys.modules:
            sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  # an import of it now fails at once
            try:
                importlib.import_module("numba.np.arraymath")
            finally:
                del sys.modules["scipy.linalg"]
        numba: Any = importlib.import_module("numba")
        if _threads is not None:
            numba.set_num_threads(min(_threads, numba.config.NUMBA_NUM_THREADS))
        _numba_module = numba
    return _numba_module
