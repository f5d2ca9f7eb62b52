"""Printing sheets to PDF with headless Chromium.

:class:`Chromium` is one headless browser, driven over the DevTools protocol
through a pipe, that prints many pages without a restart; :func:`find_chromium`
finds the binary (``$LINGO_TREES_CHROMIUM``, else Debian's); :func:`pdf_pages`
counts the pages of a printed PDF.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--mute-audio", "--hide-scrollbars",
)
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


class PdfError(RuntimeError):
    """Headless Chromium could not print a PDF."""


def find_chromium() -> str | None:
    """The Chromium to print with: ``$LINGO_TREES_CHROMIUM``, else Debian's."""
    env = os.environ.get("LINGO_TREES_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for path in CHROMIUM_PATHS:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


class Chromium:
    """One headless Chromium, driven over the DevTools protocol on a pipe
    (``--remote-debugging-pipe``: JSON messages ending in a NUL byte, read on
    fd 3, written on fd 4), printing many pages without a restart.

    Use as a context manager; :meth:`pdf` prints one local HTML file.
    """

    def __init__(self, executable: str, timeout: float = 60.0) -> None:
        self.executable = executable
        self.timeout = timeout
        self._id = 0
        self._buffer = b""

    def __enter__(self) -> Chromium:
        self._profile = tempfile.mkdtemp(prefix="lingo-trees-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def fds() -> None:  # in the child: the pipe ends on fds 3 and 4
            a, b = os.dup(to_child_r), os.dup(from_child_w)  # above 4, whatever the pipes got
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self._proc = subprocess.Popen(
            [self.executable, *CHROMIUM_FLAGS, "--remote-debugging-pipe",
             f"--user-data-dir={self._profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=fds, start_new_session=True,  # its own group: see __exit__
        )
        os.close(to_child_r)
        os.close(from_child_w)
        try:
            target = self._call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self._session = self._call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self._call("Page.enable", session=True)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            os.close(self._to_child)
        except OSError:
            pass
        try:
            self._proc.terminate()
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        # Chromium's helper processes (renderer, crash handler) can outlive the
        # browser and still write into the profile: end the whole group first
        try:
            os.killpg(self._proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        os.close(self._from_child)
        for attempt in range(5):
            try:
                shutil.rmtree(self._profile)
                break
            except FileNotFoundError:
                break
            except OSError:
                if attempt == 4:
                    raise
                time.sleep(0.2)

    def _messages(self) -> Iterator[dict[str, Any]]:
        import select

        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                yield json.loads(raw)
            ready, _, _ = select.select([self._from_child], [], [], self.timeout)
            if not ready:
                raise PdfError(f"chromium did not answer within {self.timeout:.0f} s")
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise PdfError(f"chromium stopped (exit code {self._proc.poll()})")
            self._buffer += chunk

    def _send(self, method: str, params: dict[str, Any] | None, session: bool) -> int:
        self._id += 1
        msg: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self._session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            data = data[os.write(self._to_child, data):]
        return self._id

    def _call(self, method: str, params: dict[str, Any] | None = None, *, session: bool = False,
              until: str | None = None) -> dict[str, Any]:
        """Send a command; wait for its result (and then for event ``until``)."""
        want = self._send(method, params, session)
        result: dict[str, Any] | None = None
        for msg in self._messages():
            if msg.get("id") == want:
                if "error" in msg:
                    raise PdfError(f"chromium: {method}: {msg['error'].get('message')}")
                result = msg.get("result", {})
                if until is None:
                    return result
            elif until is not None and result is not None and msg.get("method") == until:
                return result
        raise AssertionError("unreachable")

    def pdf(self, html: Path, out: Path) -> int:
        """Print the local HTML file ``html`` to ``out`` (A4, the page's own
        @page size and margins, backgrounds on); returns the number of pages."""
        self._call("Page.navigate", {"url": Path(html).resolve().as_uri()}, session=True,
                   until="Page.loadEventFired")
        result = self._call("Page.printToPDF", {
            "printBackground": True, "preferCSSPageSize": True, "displayHeaderFooter": False,
            "paperWidth": 8.27, "paperHeight": 11.69,
            # a tagged PDF holds a structure element per tile: 10x the size
            "generateTaggedPDF": False,
        }, session=True)
        data = base64.b64decode(result["data"])
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
        return pdf_pages(data)


_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF as Chromium writes it (page objects are
    not compressed)."""
    return len(_PAGE.findall(data))
