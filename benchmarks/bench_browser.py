"""Explorers as a learner meets them: real Chromium driving JupyterLab and Voilà.

Rows, all measured in one run on the same machine:

- **release -> new picture**, per explorer, in JupyterLab: the time from the key press that moves
  the explorer's first slider (or the click on its button) to the moment its new picture has
  loaded in the page, median of several presses. The floor is the round trip of a trivial widget
  in the same server and browser (a slider whose observer writes its value into an HTML widget),
  so the ratio says what the explorer costs on top of the widget machinery. Target <= 150 ms.
- **kernel work per update**, per explorer: CPU time of one redraw in this process (what the
  kernel spends between the message in and the picture out). Target < 100 ms.
- **first paint**, per Voilà page: from the request to the first explorer picture shown.
  Target <= 5 s.
- **Run All**, per notebook, in JupyterLab: from the click to every cell done. Target <= 20 s.

Playwright drives Debian's /usr/bin/chromium with the flags the browser tests use
(tests/browser_harness.py starts the servers in their own process group and stops them by PID).
`--quick` drives one notebook.
"""

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import Row

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import browser_harness as b  # noqa: E402  (the browser tests' own servers and browser)

PRESSES = 7

# notebook -> how to drive each of its explorers, in page order: "slider:N" (its N-th slider,
# right then left again) or "button:Label"; None: it redraws on its own timer (not measured)
DRIVES = {
    "00_start_here": ["slider:0"],
    "01_policies": ["slider:0", "slider:0"],
    "02_edf_lateness": ["slider:0"],
    "03_mlfq_and_fairness": ["slider:1", "slider:0"],  # MLFQ: quantum (no boost is on)
    "04_backoff_and_jitter": ["slider:0", "slider:0"],
    "05_lease_queue": ["button:Step"],
    "06_durable_queue": [None, "slider:0"],
    "07_concurrent_scheduler": ["button:Step"],
    "08_mock_round": [None],
    "09_dependency_scheduler": ["slider:0"],
    "10_load_balancing": ["slider:0", "slider:0"],
    "11_restarts_cooldowns_batching": ["slider:0", "slider:0", "slider:0"],
}

TRIVIAL = """import ipywidgets as w
slider = w.IntSlider(0, 0, 100, continuous_update=False)
echo = w.HTML("value 0")
slider.observe(lambda c: setattr(echo, "value", f"value {c['new']}"), names="value")
w.VBox([slider, echo], _dom_classes=["kit-trivial"])"""

# JavaScript: wait until the k-th explorer's picture is a new, loaded image; ms since the press
# (-1: nothing new within 30 s)
WAIT_PICTURE = """async ([k, before]) => {
  const imgs = document.querySelectorAll('.kit-explorer')[k].querySelectorAll('img.widget-image');
  const img = imgs[imgs.length - 1];  // the explorer's own picture (09 has a graph above it)
  while (!(img.src !== before && img.complete && img.naturalWidth > 0)) {
    if (performance.now() - window.__pressed > 30000) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  return performance.now() - window.__pressed;
}"""
WAIT_ECHO = """async (before) => {
  const echo = document.querySelector('.kit-trivial .widget-html-content');
  while (echo.textContent === before) {
    if (performance.now() - window.__pressed > 30000) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  return performance.now() - window.__pressed;
}"""
MARK_PRESSES = """() => {
  const mark = () => { window.__pressed = performance.now(); };
  document.addEventListener('keydown', mark, true);
  document.addEventListener('mousedown', mark, true);
}"""


def _notebook(cells: list[str], path: Path) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)
    return path


def _run_all(page, server, copy: Path, seconds: float = 300) -> float:
    """Open the notebook, Run All, and return seconds from the click to every cell done."""
    page.goto(f"{server.base}/lab/workspaces/{copy.stem}/tree/{copy.name}?reset")
    _until(lambda: server.kernel_idle(copy.name), 120, "the kernel")
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    page.evaluate(MARK_PRESSES)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    started = time.perf_counter()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    _until(lambda: b.cells_done(page) and server.kernel_idle(copy.name), seconds,
           f"Run All of {copy.name}", every=0.05)
    return time.perf_counter() - started


def _until(predicate, seconds: float, what: str, every: float = 0.2) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(every)
    raise TimeoutError(f"timed out waiting for {what}")


def _press(page, scope: str, how: str, k: int, i: int) -> None:
    kind, _, arg = how.partition(":")
    if kind == "slider":
        handle = page.locator(scope).nth(k).locator(".widget-slider .noUi-handle").nth(int(arg))
        handle.focus()
        handle.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
    else:
        page.locator(scope).nth(k).locator("button.widget-button", has_text=arg).first.click()


def _picture_times(page, drives, k: int) -> list[float]:
    times = []
    explorer = page.locator(".kit-explorer").nth(k)
    explorer.scroll_into_view_if_needed()
    for i in range(PRESSES):
        before = explorer.locator("img.widget-image").last.get_attribute("src")
        _press(page, ".kit-explorer", drives, k, i)
        ms = page.evaluate(WAIT_PICTURE, [k, before])
        times.append(ms / 1000 if ms >= 0 else float("inf"))  # the median shows a miss
        time.sleep(0.2)
    return times


def _kernel_rows(quick: bool) -> list[Row]:
    """CPU time of one redraw per explorer, in this process."""
    from kit.widgets.backoff import AwsExplorer, BackoffExplorer
    from kit.widgets.balance import BalanceExplorer, SearchExplorer
    from kit.widgets.batching import BatchingExplorer
    from kit.widgets.cooldown import CooldownExplorer, RateLimitExplorer
    from kit.widgets.dag import DagExplorer
    from kit.widgets.edf import EdfExplorer
    from kit.widgets.lease import LeaseExplorer
    from kit.widgets.mlfq import FairExplorer, MlfqExplorer
    from kit.widgets.policies import RaceExplorer, StarvationExplorer
    from kit.widgets.scheduler import SchedulerExplorer

    def slider(attr, a, b):
        return lambda e, i: setattr(getattr(e, attr), "value", a if i % 2 else b)

    cases = [("EDF", EdfExplorer, lambda e, i: setattr(e.durations[0], "value", 3 + i % 2)),
             ("Policy race", RaceExplorer, slider("arrival", 0, 1)),
             ("Starvation", StarvationExplorer, slider("urgent", 20, 21)),
             ("MLFQ", MlfqExplorer, lambda e, i: e.update()),
             ("Fair share", FairExplorer, lambda e, i: e.update()),
             ("Backoff", BackoffExplorer, slider("clients", 100, 110)),
             ("AWS (stored runs)", AwsExplorer, slider("clients", 100, 110)),
             ("Lease", lambda: LeaseExplorer("crash"), lambda e, i: e.update()),
             ("Two-heap scheduler", SchedulerExplorer, slider("ticks", 1, 2)),
             ("Dependency DAG", DagExplorer, lambda e, i: e.update()),
             ("Binary search", lambda: SearchExplorer([3, 5, 7, 2, 9, 4, 6, 8], cpus=2),
              lambda e, i: e.update()),
             ("Balance", BalanceExplorer, lambda e, i: e.update()),
             ("Cooldown", CooldownExplorer, slider("n", 2, 3)),
             ("Rate limit", RateLimitExplorer, slider("capacity", 4, 5)),
             ("Batching", BatchingExplorer, slider("capacity", 8, 9))]
    rows = []
    for name, make, poke in cases[:3] if quick else cases:
        explorer = make()
        times = []
        for i in range(3 if quick else 9):
            t0 = time.process_time()
            poke(explorer, i)
            times.append(time.process_time() - t0)
        rows.append(Row("browser", f"kernel work per update: {name} (CPU time)",
                        statistics.median(times), "", 0, "< 100 ms"))
    return rows


def run(quick: bool) -> list[Row]:
    from playwright.sync_api import sync_playwright

    names = ["07_concurrent_scheduler"] if quick else list(DRIVES)
    folder = Path(tempfile.mkdtemp(prefix="bench-browser-"))
    rows: list[Row] = []
    try:
        for name in names:
            b.copy_notebook(ROOT / "solutions" / f"{name}.ipynb", folder)
        trivial = _notebook([TRIVIAL], folder / "trivial.ipynb")
        port = b.free_port()
        with sync_playwright() as p:
            chromium = b.browser(p)
            try:
                with b.server(b.lab_command(port, folder), f"http://127.0.0.1:{port}/api/status",
                              folder, folder / "lab.log"):
                    rows += _lab_rows(chromium, b.Lab(port), folder, names, trivial)
                port = b.free_port()
                with b.server(b.voila_command(port, folder), f"http://127.0.0.1:{port}/", folder,
                              folder / "voila.log"):
                    rows += _voila_rows(chromium, f"http://127.0.0.1:{port}", names)
            finally:
                chromium.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows + _kernel_rows(quick)


def _lab_rows(chromium, server, folder: Path, names, trivial: Path) -> list[Row]:
    page = chromium.new_page(viewport={"width": 1400, "height": 1000})
    try:
        _run_all(page, server, trivial)
        page.locator(".kit-trivial .noUi-handle").wait_for(timeout=60_000)
        floor = []
        for i in range(PRESSES * 2):
            before = page.locator(".kit-trivial .widget-html-content").text_content()
            handle = page.locator(".kit-trivial .noUi-handle")
            handle.focus()
            handle.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
            ms = page.evaluate(WAIT_ECHO, before)
            floor.append(ms / 1000 if ms >= 0 else float("inf"))
            time.sleep(0.2)
    finally:
        page.close()
        server.delete_sessions()
    floor_seconds = statistics.median(floor)
    rows, run_all = [], []
    for name in names:
        page = chromium.new_page(viewport={"width": 1400, "height": 1000})
        try:
            seconds = _run_all(page, server, folder / f"{name}.ipynb")
            run_all.append(Row("browser", f"Run All in JupyterLab: {name}", seconds, "", 0,
                               "<= 20 s"))
            page.locator(".kit-explorer img.widget-image").first.wait_for(timeout=60_000)
            for k, how in enumerate(DRIVES[name]):
                if how is None:
                    continue
                times = _picture_times(page, how, k)
                rows.append(Row("browser", f"release -> new picture in JupyterLab: {name} "
                                           f"explorer {k} ({how}, median of {PRESSES})",
                                statistics.median(times), "trivial widget round trip",
                                floor_seconds, "<= 150 ms"))
        finally:
            page.close()
            server.delete_sessions()
    return rows + run_all


def _voila_rows(chromium, base: str, names) -> list[Row]:
    rows = []
    for name in names:
        page = chromium.new_page(viewport={"width": 1400, "height": 1000})
        try:
            started = time.perf_counter()
            page.goto(f"{base}/voila/render/{name}.ipynb", timeout=180_000, wait_until="commit")
            page.wait_for_function(
                "() => [...document.querySelectorAll('.kit-explorer img.widget-image')]"
                ".some(e => e.complete && e.naturalWidth > 0)", timeout=180_000, polling=50)
            rows.append(Row("browser", f"first explorer picture on the Voilà page: {name}",
                            time.perf_counter() - started, "", 0, "<= 5 s"))
        finally:
            page.close()
    return rows


if __name__ == "__main__":  # a quick look without the table: python -m benchmarks.bench_browser
    print(json.dumps([r._asdict() for r in run(quick=True)], indent=1))
