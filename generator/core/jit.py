"""Kernels: numba functions that load numba only when they must.

A kernel is a function written for numba's ``njit`` and decorated with
:func:`kernel` (a parallel loop is ``for i in prange(n)``, with
:data:`prange` from here). Importing a module of kernels does not import
numba; a kernel is compiled when it first runs, one of two ways:

* **ahead of time**: :func:`compile_ahead` (``lingo-trees compile``, and
  ``lingo-trees build`` when they are out of date) compiles every kernel that
  names the argument types it is built for (``ahead``) into one extension
  module, with numba's ahead-of-time compiler. A kernel runs from it when the
  call's arguments are of those types (checked on every call: the extension
  itself would take any array). The extension runs parallel loops one
  after another, so a kernel with such loops runs from it only while the
  process runs one thread (:func:`threads`) or has not loaded numba: at the
  start of a command, loading numba costs more (0.3 s, 160 MiB) than more
  threads gain in a call such as a matrix build. Once numba is loaded, and
  in a process given several threads (:func:`use_threads`: a worker), it
  runs just in time on every thread. A run that needs no other kernel never
  imports numba (a Wordle proof then peaks at about 110 MiB instead of
  220 MiB, and starts sooner: nothing to load or type-check).
* **just in time**: numba's ``njit``, cached on disk (every other call, every
  other kernel, and all kernels with ``LINGO_TREES_KERNELS=jit``).

A kernel compiled just in time sees its module's globals (constants, the
kernels it calls) as they are when it first runs; no kernel module changes
them after import.

The extension is used only while it is up to date: it records a hash of
every source file its kernels were compiled from (and the kernels they call,
and this module), the argument types each kernel declared, the Python,
NumPy and numba versions and the processor; after any change the kernels
run just in time, as before, until compiled again. Both ways run the same
source on the same argument types, so results are identical.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import shutil
import sys
import tempfile
import types
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from generator.core.files import dump_json, write_atomic
from generator.errors import KernelError

prange = range  # a loop numba may run on several threads (numba.prange inside a compiled kernel)

MODE_ENV = "LINGO_TREES_KERNELS"  # "jit": never the ahead-of-time extension
DIR_ENV = "LINGO_TREES_KERNEL_DIR"  # where the extension is written and looked for
EXTENSION = "lingo_trees_kernels"  # the extension module's name
FORMAT = 1  # of the extension's record (kernels.json)

_KERNELS: list[Kernel] = []
_threads: int | None = None  # as set by use_threads; None: numba's default
_numba_module: Any = None
_ahead: Any = None  # the loaded extension, False when there is none (or it is stale)

_DTYPES = {"b1": np.bool_, "u1": np.uint8, "u2": np.uint16, "u4": np.uint32, "u8": np.uint64,
           "i1": np.int8, "i2": np.int16, "i4": np.int32, "i8": np.int64, "f8": np.float64}
_NUMBA_NAMES = {"b1": "boolean", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
                "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64", "f8": "float64"}
_INT64 = 1 << 63


class Arg:
    """One argument type of an ahead-of-time signature, written as in numba:
    ``i8``, ``f8``, ``b1`` (scalars), ``u1[:, ::1]`` (a C-contiguous
    two-dimensional array; ``i8[:]`` any layout), and ``const u1[:, ::1]``
    for an array the kernel only reads (then a read-only array is taken too).
    """

    def __init__(self, text: str):
        self.text = text
        spec = text.removeprefix("const ").replace(" ", "")
        self.const = text.startswith("const ")
        code, _, dims = spec.partition("[")
        if code not in _DTYPES or (dims and not dims.endswith("]")) or (self.const and not dims):
            raise ValueError(f"kernel argument type {text!r}: expected e.g. i8, f8, b1, u1[:, ::1]")
        self.code = code
        self.dtype = np.dtype(_DTYPES[code])
        axes = dims[:-1].split(",") if dims else []
        if any(a not in (":", "::1") for a in axes) or "::1" in axes[:-1]:
            raise ValueError(f"kernel argument type {text!r}: only ':' and a last '::1' are understood")
        self.ndim = len(axes)
        self.contiguous = bool(axes) and axes[-1] == "::1"
        if not self.ndim and code not in ("i8", "f8", "b1"):
            raise ValueError(f"kernel argument type {text!r}: a scalar must be i8, f8 or b1")

    def condition(self, name: str, dtype: str) -> str:
        """A Python expression true when the argument ``name`` has this type
        (``dtype`` names this type's NumPy dtype in the expression's scope)."""
        if self.ndim:
            cond = f"type({name}) is ndarray and {name}.dtype == {dtype} and {name}.ndim == {self.ndim}"
            if self.contiguous:
                cond += f" and {name}.flags.c_contiguous"
            if not self.const:
                cond += f" and {name}.flags.writeable"
            return cond
        if self.code == "b1":
            return f"(type({name}) is bool or type({name}) is bool_)"
        if self.code == "f8":
            return f"(type({name}) is float or type({name}) is float64)"
        return f"((type({name}) is int and -{_INT64} <= {name} < {_INT64}) or type({name}) is int64)"

    def numba_type(self, numba: Any) -> Any:
        scalar = getattr(numba.types, _NUMBA_NAMES[self.code])
        if not self.ndim:
            return scalar
        return numba.types.Array(scalar, self.ndim, "C" if self.contiguous else "A", readonly=self.const)


class Kernel:
    """A kernel (see the module's docstring); call it like the function."""

    def __init__(self, func: Callable[..., Any], parallel: bool, inline: bool,
                 ahead: Iterable[Iterable[str]]):
        functools.update_wrapper(self, func)
        self.py_func = func
        self.parallel = parallel
        self.options: dict[str, Any] = {"cache": True, "nogil": True}
        if parallel:
            self.options["parallel"] = True
        if inline:
            self.options["inline"] = "always"
        self.ahead = tuple(tuple(Arg(a) for a in sig) for sig in ahead)
        self.name = f"{func.__module__}.{func.__qualname__}"
        self._call: Callable[..., Any] | None = None
        self._dispatcher: Any = None
        _KERNELS.append(self)

    def __call__(self, *args: Any) -> Any:
        call = self._call
        if call is None:
            call = self._call = self._resolve()
        return call(*args)

    def __repr__(self) -> str:
        return f"<kernel {self.name}>"

    @property
    def dispatcher(self) -> Any:
        """numba's just-in-time dispatcher of this kernel (imports numba)."""
        if self._dispatcher is None:
            numba = numba_module()
            func = self.py_func
            scope: dict[str, Any] = {}  # filled below: a kernel may call itself
            twin = types.FunctionType(func.__code__, scope, func.__name__, func.__defaults__, func.__closure__)
            twin.__qualname__, twin.__module__, twin.__doc__ = func.__qualname__, func.__module__, func.__doc__
            self._dispatcher = numba.njit(**self.options)(twin)
            scope.update(func.__globals__)
            scope["prange"] = numba.prange
            for name, value in scope.items():
                if isinstance(value, Kernel):
                    scope[name] = value.dispatcher
        return self._dispatcher

    def export_name(self, sig: tuple[Arg, ...]) -> str:
        """The name of one signature in the extension (a hash of its types: an
        extension compiled for other types has no function of this name)."""
        types_hash = hashlib.sha256(";".join(a.text for a in sig).encode()).hexdigest()[:12]
        return f"{self.name.replace('.', '_')}__{types_hash}"

    def _resolve(self) -> Callable[..., Any]:
        if not self.ahead or (self.parallel and _numba_module is not None and threads() > 1):
            return self.dispatcher  # type: ignore[no-any-return]
        ext = _extension()
        if ext is None:
            return self.dispatcher  # type: ignore[no-any-return]
        call: Callable[..., Any] = self._jit_call
        for sig in reversed(self.ahead):
            compiled = getattr(ext, self.export_name(sig), None)  # None: its module was not compiled
            if compiled is not None:
                call = _checked(sig, compiled, call)
        return call

    def _jit_call(self, *args: Any) -> Any:
        return self.dispatcher(*args)


def _checked(sig: tuple[Arg, ...], fast: Callable[..., Any], slow: Callable[..., Any]) -> Callable[..., Any]:
    """A function that calls ``fast`` when its arguments have the types of
    ``sig``, else ``slow`` (made from source: one frame, no loop)."""
    names = [f"a{i}" for i in range(len(sig))]
    scope: dict[str, Any] = {"ndarray": np.ndarray, "bool_": np.bool_, "float64": np.float64,
                             "int64": np.int64, "fast": fast, "slow": slow}
    conds = []
    for i, arg in enumerate(sig):
        scope[f"d{i}"] = arg.dtype
        conds.append(arg.condition(names[i], f"d{i}"))
    params = ", ".join(names)
    source = (f"def call({params}):\n"
              f"    if {' and '.join(conds) or 'True'}:\n"
              f"        return fast({params})\n"
              f"    return slow({params})\n")
    exec(source, scope)  # noqa: S102  # the source is made here from the kernel's declared types
    return scope["call"]  # type: ignore[no-any-return]


def kernel(func: Callable[..., Any] | None = None, *, parallel: bool = False, inline: bool = False,
           ahead: Iterable[Iterable[str]] = ()) -> Any:
    """Make ``func`` a kernel: ``@kernel`` or ``@kernel(parallel=True,
    ahead=[("u1[:, ::1]", "i8")])``. ``parallel``: it has ``prange`` loops;
    ``inline``: numba inlines it into the kernels that call it; ``ahead``: the
    argument types it is compiled for ahead of time (:class:`Arg`), one
    tuple per signature."""
    if func is None:
        return lambda f: Kernel(f, parallel, inline, ahead)
    return Kernel(func, parallel, inline, ahead)


# -- threads -----------------------------------------------------------------


def available_cores() -> int:
    """The cores this process may use (its CPU affinity, not the machine's count)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_threads() -> int:
    """numba's default number of threads: ``NUMBA_NUM_THREADS``, else the cores
    this process may use."""
    env = os.environ.get("NUMBA_NUM_THREADS", "")
    if env.strip().isdigit() and int(env) > 0:
        return int(env)
    return available_cores()


def threads() -> int:
    """The threads a parallel kernel of this process may use."""
    if _threads is not None:
        return _threads
    if _numba_module is not None:
        return int(_numba_module.get_num_threads())
    return default_threads()


def use_threads(n: int) -> None:
    """Let the kernels of this process use ``n`` threads (at most numba's
    default). Given more than one, the process loads numba at once, so that
    its parallel kernels run just in time on them all (see the module's
    docstring): a worker given several cores would else run them one loop
    after another whenever it needs no other kernel."""
    global _threads
    most = int(_numba_module.config.NUMBA_NUM_THREADS) if _numba_module is not None else default_threads()
    _threads = max(1, min(n, most))
    if _threads > 1:
        numba_module()
    if _numba_module is not None:
        _numba_module.set_num_threads(_threads)
    _choose_parallel_again()


def _choose_parallel_again() -> None:
    """Let the parallel kernels compiled ahead of time be chosen again at
    their next call (the threads changed, or numba is loaded now)."""
    for k in _KERNELS:
        if k.parallel and k.ahead:
            k._call = None


def threading_layer() -> str | None:
    """numba's threading layer in this process, None before a parallel kernel
    ran just in time (no thread started: a fork is safe)."""
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
        _choose_parallel_again()
    return _numba_module


# -- the ahead-of-time extension -----------------------------------------------


def kernel_dir() -> Path:
    """Where the extension is written and looked for: ``LINGO_TREES_KERNEL_DIR``,
    else the package's ``__pycache__`` (beside numba's own cache)."""
    env = os.environ.get(DIR_ENV)
    return Path(env) if env else Path(__file__).resolve().parent.parent / "__pycache__"


def _record_path(folder: Path) -> Path:
    return folder / "kernels.json"


#: what /proc/cpuinfo says of a processor's kind and instructions (x86, ARM,
#: RISC-V), not of its state (its clock, which changes as it runs)
_CPU_KEYS = ("vendor_id", "cpu family", "model", "model name", "stepping", "flags", "CPU implementer",
             "CPU architecture", "CPU variant", "CPU part", "CPU revision", "Features", "isa", "uarch")


def _processor() -> str:
    """The processor the extension was compiled for (it uses all its
    instructions): a hash of what ``/proc/cpuinfo`` says of the first one's
    kind and instruction sets."""
    import platform

    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            return processor_of(platform.machine(), f.read(1 << 16))
    except OSError:
        return f"{platform.machine()} {platform.processor()} {platform.platform()}"


def processor_of(machine: str, cpuinfo: str) -> str:
    """:func:`_processor` from the text of ``/proc/cpuinfo``."""
    first = cpuinfo.split("\n\n")[0]
    kind = [line for line in first.splitlines() if line.split(":")[0].strip() in _CPU_KEYS]
    return hashlib.sha256("\n".join([machine, *kind]).encode()).hexdigest()[:16]


def _source_hash(module: str) -> str | None:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin:
        return None
    try:
        return hashlib.sha256(Path(spec.origin).read_bytes()).hexdigest()
    except OSError:
        return None


def _environment() -> dict[str, Any]:
    return {"format": FORMAT, "python": list(sys.version_info[:2]), "numpy": np.__version__,
            "numba": importlib.metadata.version("numba"), "processor": _processor()}


def _declared(k: Kernel) -> list[list[str]]:
    return [[a.text for a in sig] for sig in k.ahead]


def ahead_status() -> tuple[bool, str]:
    """Whether the extension is up to date, and why not: compiled for this
    Python, NumPy, numba and processor, from the sources as they are now, with
    every kernel imported so far that declares argument types, as declared."""
    lib, why = _up_to_date_library()
    return lib is not None, why


def _up_to_date_library() -> tuple[Path | None, str]:
    """The library its record names if the record is up to date (else None), and why not."""
    record = _record_path(kernel_dir())
    if not record.exists():
        return None, "not compiled"
    try:
        meta = orjson.loads(record.read_bytes())
        lib = record.parent / str(meta["library"])
        modules = dict(meta["modules"])
        kernels = dict(meta["kernels"])
    except (OSError, orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return None, f"{record}: unreadable"
    if not lib.is_file() or lib.parent != record.parent:
        return None, "not compiled"
    if meta.get("environment") != _environment():
        return None, "compiled for another Python, NumPy, numba or processor"
    for module, digest in modules.items():
        if _source_hash(module) != digest:
            return None, f"{module} changed since"
    for k in _KERNELS:
        if k.ahead and kernels.get(k.name) != _declared(k):
            return None, f"{k.name} not compiled as declared"
    return lib, "up to date"


def _extension() -> Any:
    """The extension module when it is up to date (loaded once), else None
    (also when it cannot be loaded: the kernels then run just in time)."""
    global _ahead
    if _ahead is None:
        _ahead = False
        lib = None if ahead_disabled() else _up_to_date_library()[0]
        if lib is not None:
            try:
                loader = importlib.machinery.ExtensionFileLoader(EXTENSION, str(lib))
                spec = importlib.util.spec_from_file_location(EXTENSION, lib, loader=loader)
                if spec is not None:
                    module = importlib.util.module_from_spec(spec)
                    loader.exec_module(module)
                    _ahead = module
            except (ImportError, OSError):  # replaced meanwhile, or built elsewhere
                _ahead = False
    return _ahead or None


def _modules_of(kernels: Iterable[Kernel]) -> set[str]:
    """The modules of ``kernels`` and of every kernel they call, transitively,
    and this one (its argument types make their signatures)."""
    seen: set[int] = set()
    modules: set[str] = {__name__}
    todo = list(kernels)
    while todo:
        k = todo.pop()
        if id(k) in seen:
            continue
        seen.add(id(k))
        modules.add(k.py_func.__module__)
        todo.extend(v for v in k.py_func.__globals__.values() if isinstance(v, Kernel))
    return modules


def compile_ahead(modules: Iterable[str] = ()) -> tuple[int, Path]:
    """Compile the kernels that declare their argument types (those of
    ``modules`` and of every module imported so far) into the extension, in
    :func:`kernel_dir`, and return how many signatures it holds and its path.
    The sources are hashed before they are compiled; the library's name holds
    a digest of its record, and the record is replaced last, so a process
    finds either the old pair or the new one. Needs a C compiler
    (:class:`KernelError` if there is none or the folder cannot be written)."""
    global _ahead
    for m in modules:
        importlib.import_module(m)
    chosen = [k for k in _KERNELS if k.ahead]
    meta: dict[str, Any] = {"environment": _environment(),
                            "modules": {m: _source_hash(m) for m in sorted(_modules_of(chosen))},
                            "kernels": {k.name: _declared(k) for k in chosen}}
    digest = hashlib.sha256(orjson.dumps(meta, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]
    meta["library"] = f"{EXTENSION}-{digest}{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    numba = numba_module()
    with warnings.catch_warnings():  # pycc is "pending deprecation" since numba 0.57, with no replacement yet
        warnings.simplefilter("ignore", numba.NumbaPendingDeprecationWarning)
        CC = _toolchain(lambda: importlib.import_module("numba.pycc").CC)

    folder = kernel_dir()
    record = _record_path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=".kernels-", dir=folder))
    except OSError as exc:
        raise KernelError(f"{folder}: cannot write the compiled kernels there ({exc.strerror or exc})") from exc
    try:
        cc = _toolchain(lambda: CC(EXTENSION))  # fails at once without a C compiler
        cc.output_dir = str(work)
        cc.output_file = meta["library"]
        cc.target_cpu = "host"
        cc.verbose = False
        count = 0
        for k in chosen:
            for sig in k.ahead:
                argtypes = tuple(a.numba_type(numba) for a in sig)
                k.dispatcher.compile(argtypes)
                result = k.dispatcher.overloads[argtypes].signature.return_type
                cc.export(k.export_name(sig), result(*argtypes))(k.dispatcher.py_func)
                count += 1
        _toolchain(cc.compile)
        os.replace(work / meta["library"], folder / meta["library"])
        write_atomic(record, dump_json(meta))  # last: until then the record names the old library
        for old in folder.glob(f"{EXTENSION}-*"):  # earlier builds (a process using one keeps it open)
            if old.name != meta["library"]:
                old.unlink(missing_ok=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _ahead = None  # looked for again when a kernel is next chosen
    for k in _KERNELS:
        k._call = None
    return count, folder / meta["library"]


def _toolchain(step: Callable[[], Any]) -> Any:
    """A step of the C toolchain, its failure a :class:`KernelError` (no C
    compiler, a failed link: errors of numba, distutils and setuptools with no
    common base)."""
    try:
        return step()
    except Exception as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise KernelError(f"kernels not compiled ahead of time: {first}") from exc


def ahead_disabled() -> bool:
    """Whether ``LINGO_TREES_KERNELS=jit`` keeps every kernel on numba's JIT."""
    return os.environ.get(MODE_ENV, "").strip().lower() == "jit"
