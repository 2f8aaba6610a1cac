"""Servers and a browser for the real-browser tests: JupyterLab and Voilà on 127.0.0.1, Debian's
Chromium driven by Playwright. Everything started here is stopped by PID, even on failure."""

import contextlib
import http.cookiejar
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {seconds} s")


@contextlib.contextmanager
def server(command: list[str], ready_url: str, cwd: Path, log: Path):
    """Start a server in its own process group; yield; kill the group."""
    with log.open("w") as out:
        proc = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        wait_for(ready_url)
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def lab_command(port: int, root: Path) -> list[str]:
    return [str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
            "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}",
            "--allow-root"]


# What `make present` passes too: cells appear as they run, so the first explorer shows as soon
# as its cell is done instead of after the whole notebook
VOILA_FLAGS = ["--VoilaConfiguration.progressive_rendering=True"]


def voila_command(port: int, root: Path) -> list[str]:
    return [str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--VoilaConfiguration.file_allowlist=['.*']", *VOILA_FLAGS, str(root)]


class Lab:
    """A running JupyterLab: open notebooks, wait for kernels, clean sessions."""

    def __init__(self, port: int):
        self.base = f"http://127.0.0.1:{port}"
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def api(self, path: str, method: str = "GET"):
        self.opener.open(f"{self.base}/lab").read()  # sets the _xsrf cookie
        xsrf = next((c.value for c in self.cookies if c.name == "_xsrf"), "")
        request = urllib.request.Request(f"{self.base}{path}", method=method,
                                         headers={"X-XSRFToken": xsrf})
        with self.opener.open(request, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def kernel_idle(self, name: str) -> bool:
        for s in self.api("/api/sessions"):
            if s.get("path", "").endswith(name):
                k = s["kernel"]
                return k["execution_state"] == "idle" and k.get("connections", 0) >= 1
        return False

    def delete_sessions(self) -> None:
        for s in self.api("/api/sessions"):
            with contextlib.suppress(OSError):
                self.api(f"/api/sessions/{s['id']}", method="DELETE")


PROMPTS = ".jp-Notebook .jp-CodeCell .jp-InputPrompt"


def cells_done(page) -> bool:
    """Every code cell of the open notebook has run: a number in its prompt, no "[*]" left."""
    prompts = page.eval_on_selector_all(PROMPTS, "els => els.map(e => e.textContent.trim())")
    return bool(prompts) and all(p[1:-2].strip().isdigit() for p in prompts)


def browser(playwright):
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)


def copy_notebook(src: Path, folder: Path, fresh: bool = True) -> Path:
    """A copy of the notebook in `folder`; fresh: without outputs or execution counts, so a
    prompt with a number is one this run has executed."""
    folder.mkdir(parents=True, exist_ok=True)
    dst = folder / src.name
    if not fresh:
        shutil.copy(src, dst)
        return dst
    import nbformat

    nb = nbformat.read(src, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(nb, dst)
    return dst
