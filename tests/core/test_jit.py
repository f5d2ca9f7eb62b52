"""Kernels: numba loaded only when needed, compiled just in time or ahead of time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import orjson
import pytest

from generator.core import jit
from generator.core.jit import Arg, kernel, prange

ROOT = Path(__file__).resolve().parents[2]


@kernel
def _square(x):  # type: ignore[no-untyped-def]
    return x * x


@kernel(parallel=True)
def _sum_of_squares(a):  # type: ignore[no-untyped-def]
    total = 0
    for i in prange(a.shape[0]):
        total += _square(a[i])
    return total


@kernel
def _countdown(n):  # type: ignore[no-untyped-def]
    return 0 if n <= 0 else 1 + _countdown(n - 1)


@kernel(parallel=True, ahead=[("i8[::1]",)])
def _fill(a):  # type: ignore[no-untyped-def]
    for i in prange(a.shape[0]):
        a[i] = i


def _python(script: str, **env: str) -> str:
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                            timeout=600, env={**os.environ, **env})
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_kernel_runs_just_in_time_with_parallel_loops_and_calls_between_kernels() -> None:
    a = np.arange(1000, dtype=np.int64)
    assert _sum_of_squares(a) == int((a * a).sum())
    assert _countdown(7) == 7  # a kernel may call itself
    assert _square.__name__ == "_square" and _square.__module__ == __name__


def test_the_commands_and_every_kernel_module_import_without_numba() -> None:
    out = _python("import sys\n"
                  "from generator.cli import build_parser\n"
                  "import generator.games.hangman_kernels, generator.search.exact\n"
                  "build_parser()\n"
                  "print('numba' in sys.modules)\n")
    assert out == "False\n"


def test_numba_loads_without_linear_algebra_and_leaves_it_importable() -> None:
    # numba's probe for SciPy's BLAS is skipped (0.17 s of a one-core Wordle
    # proof); SciPy, where installed, still imports after it
    out = _python("import sys\n"
                  "from generator.core import jit\n"
                  "jit.numba_module()\n"
                  "import numba.np.arraymath as arraymath\n"
                  "print('scipy.linalg' in sys.modules, arraymath._HAVE_BLAS)\n"
                  "try:\n"
                  "    import scipy.linalg\n"
                  "except ModuleNotFoundError as exc:\n"
                  "    assert exc.name == 'scipy', exc\n")
    assert out == "False False\n"


@pytest.mark.parametrize("text", ["i9", "u1[", "u1[::1, :]", "const i8", "u1[:, ::2]", "i4"])
def test_an_argument_type_it_cannot_check_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="kernel argument type"):
        Arg(text)


def test_the_compiled_code_runs_only_for_arguments_of_its_types(tmp_path: Path) -> None:
    calls: list[str] = []
    call = jit._checked(tuple(Arg(t) for t in ("const u1[:, ::1]", "i8[::1]", "i8", "b1", "f8")),
                        lambda *a: calls.append("ahead"), lambda *a: calls.append("jit"))
    codes, out = np.zeros((3, 4), np.uint8), np.zeros(4, np.int64)
    frozen = codes.copy()
    frozen.flags.writeable = False
    for args in [(codes, out, 5, True, 0.5), (frozen, out, np.int64(-(1 << 63)), np.bool_(False), np.float64(1))]:
        call(*args)
    assert calls == ["ahead"] * 2
    calls.clear()
    written = out.copy()
    written.flags.writeable = False
    mapped = np.memmap(tmp_path / "codes", np.uint8, "w+", shape=(3, 4))
    bad = [
        (codes.astype(np.uint16), out, 5, True, 0.5),     # another dtype
        (codes.T, out, 5, True, 0.5),                     # not C-contiguous
        (codes[0], out, 5, True, 0.5),                    # one dimension, not two
        (codes.tolist(), out, 5, True, 0.5),              # not an array (would crash the extension)
        (mapped, out, 5, True, 0.5),                      # a subclass of ndarray
        (codes, out.astype(np.int32), 5, True, 0.5),
        (codes, out.astype(">i8"), 5, True, 0.5),         # the other byte order
        (codes, np.zeros(4, np.int64)[::-1], 5, True, 0.5),
        (codes, out[np.newaxis].repeat(2, 0)[:, 0], 5, True, 0.5),
        (codes, written, 5, True, 0.5),                   # read-only where the kernel writes
        (codes, out, 1 << 63, True, 0.5), (codes, out, -(1 << 63) - 1, True, 0.5),  # past int64
        (codes, out, True, True, 0.5),                    # a bool for an int (numba types it apart)
        (codes, out, 5.0, True, 0.5), (codes, out, 5, 1, 0.5), (codes, out, 5, True, 1),
    ]
    for args in bad:
        call(*args)
    assert calls == ["jit"] * len(bad)


def test_threads_are_the_ones_asked_for_at_most_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit, "_threads", jit._threads)
    jit.use_threads(1)
    assert jit.threads() == 1
    jit.use_threads(10_000)
    assert jit.threads() == min(jit.default_threads(), jit.numba_module().config.NUMBA_NUM_THREADS)
    assert jit.threads() == 1 or jit._numba_module is not None  # several threads: numba loaded at once


def test_a_parallel_kernel_runs_ahead_of_time_on_one_thread_or_until_numba_is_loaded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[np.ndarray] = []
    export = _fill.export_name(_fill.ahead[0])
    monkeypatch.setattr(jit, "_extension", lambda: SimpleNamespace(**{export: ran.append}))
    numba = jit.numba_module()
    a = np.zeros(3, np.int64)
    for threads, loaded, way in [(2, None, "ahead"), (2, numba, "jit"), (1, numba, "ahead")]:
        monkeypatch.setattr(jit, "_threads", threads)
        monkeypatch.setattr(jit, "_numba_module", loaded)
        monkeypatch.setattr(_fill, "_call", None)  # chosen again, as use_threads and loading numba do
        ran.clear()
        a[:] = 0
        _fill(a)
        assert (ran == [a]) if way == "ahead" else (ran == [] and a.tolist() == [0, 1, 2]), (threads, way)
    a[:] = 0
    _fill(a[::2])  # an argument of other types (not contiguous) runs just in time, whatever the threads
    assert len(ran) == 1 and a.tolist() == [0, 0, 1]


def test_a_kernel_the_extension_lacks_runs_just_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit, "_extension", lambda: SimpleNamespace())  # compiled without this module
    monkeypatch.setattr(jit, "_threads", 1)
    monkeypatch.setattr(_fill, "_call", None)
    a = np.zeros(3, np.int64)
    _fill(a)
    assert a.tolist() == [0, 1, 2]


def _record(folder: Path, **changes: object) -> None:
    (folder / "lib.so").write_bytes(b"")
    meta = {"environment": jit._environment(), "library": "lib.so",
            "modules": {"generator.core.jit": jit._source_hash("generator.core.jit")},
            "kernels": {k.name: jit._declared(k) for k in jit._KERNELS if k.ahead}}
    (folder / "kernels.json").write_bytes(orjson.dumps({**meta, **changes}))


def test_the_compiled_kernels_are_used_only_while_up_to_date(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(jit.DIR_ENV, str(tmp_path))
    assert jit.ahead_status() == (False, "not compiled")
    _record(tmp_path)
    assert jit.ahead_status() == (True, "up to date")
    _record(tmp_path, modules={"generator.core.jit": "0" * 64})
    assert jit.ahead_status() == (False, "generator.core.jit changed since")
    _record(tmp_path, environment={**jit._environment(), "numba": "0.1"})
    assert jit.ahead_status() == (False, "compiled for another Python, NumPy, numba or processor")
    declared = {k.name: jit._declared(k) for k in jit._KERNELS if k.ahead}
    _record(tmp_path, kernels={**declared, _fill.name: [["i8[:]"]]})  # compiled before its types changed
    assert jit.ahead_status() == (False, f"{_fill.name} not compiled as declared")
    _record(tmp_path, library="gone.so")
    assert jit.ahead_status() == (False, "not compiled")
    (tmp_path / "kernels.json").write_text("{")
    assert jit.ahead_status() == (False, f"{tmp_path / 'kernels.json'}: unreadable")


def test_the_processor_is_told_by_its_kind_and_instructions_not_its_clock() -> None:
    x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Xeon\ncpu MHz\t\t: {}\nflags\t\t: {}\n\n"
    arm = "processor\t: 0\nBogoMIPS\t: {}\nFeatures\t: {}\nCPU part\t: 0xd0c\n\n"
    for text in (x86, arm):
        one = jit.processor_of("m", text.format("2596.1", "fpu sse avx2"))
        assert one == jit.processor_of("m", text.format("3100.0", "fpu sse avx2") + text.format("1", "other"))
        assert one != jit.processor_of("m", text.format("2596.1", "fpu sse avx512f"))
        assert one != jit.processor_of("other", text.format("2596.1", "fpu sse avx2"))


def test_without_a_c_compiler_compile_says_so_in_one_line_and_writes_nothing(
        cli, user_error, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(jit.DIR_ENV, str(tmp_path / "kernels"))
    monkeypatch.setenv("CC", "/bin/false")
    code, _, err = cli("compile")
    user_error(code, err, r"kernels not compiled ahead of time")
    assert list((tmp_path / "kernels").iterdir()) == []


RUN = """
import sys
if {forbid}:
    sys.modules["numba"] = None  # any import of numba fails, in the workers too
from generator.cli import main
for rule, jobs in (("free", "1"), ("hard", "2")):
    assert main(["exact", "--setup", "wordle", "--opener", "salet", "--no-write", "-j", jobs,
                 "--rule", rule]) == 0
"""


@pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")), reason="no C compiler (cc, gcc)")
def test_compiled_ahead_of_time_a_wordle_proof_runs_without_numba_and_finds_the_same(tmp_path: Path) -> None:
    # on every thread the process may use: a parallel kernel runs from the
    # extension, one loop after another, while numba is not loaded
    env = {jit.DIR_ENV: str(tmp_path)}
    out = _python("from generator.cli import main\nraise SystemExit(main(['compile']))\n",
                  **env, **{jit.MODE_ENV: "ahead"})
    assert re.match(r"kernels compiled ahead of time: \d+ signatures in .* \(before: not compiled\)$", out), out
    library = orjson.loads((tmp_path / "kernels.json").read_bytes())["library"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["kernels.json", library])
    ahead = _python(RUN.format(forbid=True), **env, **{jit.MODE_ENV: "ahead"})
    just_in_time = _python(RUN.format(forbid=False), **env, **{jit.MODE_ENV: "jit"})
    assert "total 7920" in ahead and "total 8122" in ahead

    def results(text: str) -> list[str]:  # the trees' figures, not the search's time and memory
        return [line for line in text.splitlines() if not line.startswith("search:")]

    assert results(ahead) == results(just_in_time)
