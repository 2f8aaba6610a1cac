"""Every explorer renders and responds in real Chromium: in JupyterLab (Run All) and in Voilà.

For each solution notebook with an explorer, a fresh copy is opened, run, and its main control is
driven; the test waits for the readout to show the expected text. Then every explorer on the page
is read as a person would: no control label cut short ("cooldo…"), every picture shown at the
size it was drawn (not stretched), and a screenshot of each explorer goes to
test-artifacts/browser/ (ignored by git, kept by CI): lab-NN_topic-K.png and voila-NN_topic-K.png,
K counting the explorers of the notebook from 0. A saved notebook reopens with its pictures.
"""

from dataclasses import dataclass
from pathlib import Path

import browser_harness as b
import pytest

from kit.build import ROOT

playwright_api = pytest.importorskip("playwright.sync_api")
ARTIFACTS = ROOT / "test-artifacts" / "browser"


@dataclass(frozen=True)
class Explorer:
    notebook: str
    ready: str  # readout text once rendered
    drive: str  # "slider:N" (ArrowRight on slider N), "button:Label", "check:N", "play"
    expect: str  # readout text after driving the control
    redraws: bool = True  # whether driving the control also draws a new picture
    explorers: int = 1  # how many explorers the notebook shows


EXPLORERS = [
    Explorer("01_policies", "A(0,5,p3,d15)", "slider:0", "A(1,5,p3,d15)", explorers=2),
    Explorer("02_edf_lateness", "input order: report → email → deploy → backup; max lateness +2",
             "slider:0", "input order: report → email → deploy → backup; max lateness +3"),
    Explorer("03_mlfq_and_fairness", "longest wait between two runs 35 ticks", "check:0",
             "boosts at 10, 20, 30, 40, 50", explorers=2),
    Explorer("04_backoff_and_jitter", "100 clients fail together", "slider:3",
             "110 clients fail together", explorers=2),
    Explorer("05_lease_queue", "Step 0 of 8, t = 0", "button:Step", "Step 1 of 8, t = 0: put A."),
    Explorer("06_durable_queue", "Not started: 300 jobs waiting", "button:Start", "0 lost",
             redraws=False, explorers=2),  # real worker processes; the picture follows on its
    # own timer; explorer 1 is the fencing story
    Explorer("07_concurrent_scheduler", "before the first tick (t=0)", "button:Step",
             "tick 0 at t=0 · priority · 1 worker(s)"),
    Explorer("08_mock_round", "00:00 elapsed · 60:00 left", "play", "elapsed · 59:",
             redraws=False),  # the plan of the hour changes only between phases
    Explorer("09_dependency_scheduler", "1 worker: makespan 12", "slider:1",
             "2 workers: makespan 8", explorers=2),  # slider 0 is the heap's sift explorer
    Explorer("10_load_balancing", "step 1 of 2: the answer lies in [low 10, high 32]", "slider:1",
             "step 2 of 2: the answer lies in [low 10, high 18]", explorers=2),
    Explorer("11_restarts_cooldowns_batching", "first come first served: 12 ticks, 2 idle",
             "slider:0", "first come first served: 10 ticks, 0 idle", explorers=3),
]


def drive(page, how: str) -> None:
    kind, _, rest = how.partition(":")
    if kind == "slider":
        handle = page.locator(".widget-slider .noUi-handle").nth(int(rest))
        handle.focus()
        handle.press("ArrowRight")
    elif kind == "check":
        page.locator(".widget-checkbox input").nth(int(rest)).click()
    elif kind == "play":
        page.locator(".widget-play button").first.click()
    elif kind == "button":
        page.locator("button.widget-button", has_text=rest).first.click()
    elif kind == "select":
        index, _, option = rest.partition(":")
        page.locator(".widget-dropdown select").nth(int(index)).select_option(label=option)
    else:  # pragma: no cover - a typo in EXPLORERS
        raise ValueError(f"unknown control {how!r}")


@pytest.fixture(scope="module")
def pw():
    with playwright_api.sync_playwright() as p:
        chromium = b.browser(p)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    port = b.free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with b.server(b.lab_command(port, root), f"http://127.0.0.1:{port}/api/status", root,
                  ARTIFACTS / "lab.log"):
        yield b.Lab(port), root


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    root = tmp_path_factory.mktemp("voila")
    for e in EXPLORERS:
        b.copy_notebook(ROOT / "solutions" / f"{e.notebook}.ipynb", root)
    port = b.free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with b.server(b.voila_command(port, root), f"http://127.0.0.1:{port}/", root,
                  ARTIFACTS / "voila.log"):
        yield f"http://127.0.0.1:{port}"


def pictures(page) -> list[str]:
    """The sources of every explorer picture on the page (they change when it redraws)."""
    return page.eval_on_selector_all("img.widget-image", "els => els.map(e => e.src)")


CUT_LABELS = """els => els.filter(e => e.offsetWidth > 0 && e.scrollWidth > e.clientWidth + 1)
                 .map(e => e.textContent.trim())"""
# stretched past its drawn width, or shrunk while its box has room for the drawn width
STRETCHED = """els => els.filter(e => e.naturalWidth && (e.clientWidth > e.naturalWidth + 1
                   || (e.clientWidth < e.naturalWidth - 1
                       && e.parentElement.clientWidth >= e.naturalWidth)))
                .map(e => `${e.naturalWidth} px drawn, ${e.clientWidth} px shown`)"""


def read_explorers(page, name: str, count: int) -> None:
    """Every explorer on the page (`count` of them, each with its picture): no label cut short,
    pictures at their drawn size, and a screenshot of each (name-K.png)."""
    explorers = page.locator(".kit-explorer")
    shown = "els => els.filter(e => e.complete && e.naturalWidth > 0).length"
    wait_until(lambda: page.eval_on_selector_all(".kit-explorer img.widget-image", shown)
               >= count, 120, f"{count} explorer pictures")
    assert explorers.count() == count
    labels = ".kit-explorer .widget-label, .kit-explorer button, .kit-explorer label"
    assert page.eval_on_selector_all(labels, CUT_LABELS) == []
    assert page.eval_on_selector_all(".kit-explorer img.widget-image", STRETCHED) == []
    for k in range(explorers.count()):
        explorers.nth(k).scroll_into_view_if_needed()
        explorers.nth(k).screenshot(path=str(ARTIFACTS / f"{name}-{k}.png"))


def wait_until(predicate, seconds: float, what: str) -> None:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.parametrize("explorer", EXPLORERS, ids=lambda e: e.notebook)
def test_explorer_in_jupyterlab(pw, lab, explorer):
    server, root = lab
    copy = b.copy_notebook(ROOT / "solutions" / f"{explorer.notebook}.ipynb", root)
    page = pw.new_page(viewport={"width": 1400, "height": 1000})
    try:
        # a workspace of its own, reset, so only this notebook is open
        page.goto(f"{server.base}/lab/workspaces/{explorer.notebook}/tree/{copy.name}?reset")
        wait_until(lambda: server.kernel_idle(copy.name), 90, "the kernel to be idle")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        readout = page.locator(".jp-OutputArea-output .widget-html", has_text=explorer.ready)
        readout.first.wait_for(timeout=120_000)
        # the rest of Run All first: a kernel still running later cells answers the control late
        wait_until(lambda: b.cells_done(page) and server.kernel_idle(copy.name), 300, "Run All")
        before = pictures(page)
        readout.first.scroll_into_view_if_needed()
        drive(page, explorer.drive)
        try:
            page.locator(".widget-html", has_text=explorer.expect).first.wait_for(timeout=30_000)
        finally:
            page.screenshot(path=str(ARTIFACTS / f"lab-{explorer.notebook}.png"))
        if explorer.redraws:
            wait_until(lambda: pictures(page) != before, 30, "a new picture")
        read_explorers(page, f"lab-{explorer.notebook}", explorer.explorers)
        assert page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
        assert page.locator(".jp-OutputArea-output[data-mime-type*='stderr']").count() == 0
        assert "Loading widget" not in page.locator(".jp-Notebook").inner_text()
    finally:
        page.close()
        server.delete_sessions()


@pytest.mark.parametrize("explorer", EXPLORERS, ids=lambda e: e.notebook)
def test_explorer_as_voila_page(pw, voila, explorer):
    page = pw.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(f"{voila}/voila/render/{explorer.notebook}.ipynb", timeout=180_000)
        page.locator(".widget-html", has_text=explorer.ready).first.wait_for(timeout=180_000)
        before = pictures(page)
        drive(page, explorer.drive)
        page.locator(".widget-html", has_text=explorer.expect).first.wait_for(timeout=30_000)
        if explorer.redraws:
            wait_until(lambda: pictures(page) != before, 30, "a new picture")
        page.screenshot(path=str(ARTIFACTS / f"voila-{explorer.notebook}.png"), full_page=True)
        read_explorers(page, f"voila-{explorer.notebook}", explorer.explorers)
        assert "Traceback" not in page.content()
    finally:
        page.close()


def test_the_kit_ships_lab_settings_that_save_widget_state():
    import json
    import sys

    settings = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert settings.exists(), f"{settings} is missing: run make venv"
    shipped = json.loads(settings.read_text())
    assert shipped["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True


def test_a_saved_notebook_reopens_with_its_pictures(pw, lab):
    """Run, save, close (the kernel goes too), reopen: each explorer shows its last picture from
    the widget state saved in the notebook, never "Error displaying widget: model not found"."""
    import json

    server, root = lab
    copy = b.copy_notebook(ROOT / "solutions" / "07_concurrent_scheduler.ipynb", root / "reopen")
    url = f"{server.base}/lab/workspaces/reopen/tree/reopen/{copy.name}?reset"
    page = pw.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(url)
        wait_until(lambda: server.kernel_idle(copy.name), 90, "the kernel to be idle")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        page.locator(".widget-html", has_text="before the first tick").first.wait_for(
            timeout=120_000)
        page.locator(".jp-Notebook").click()
        page.keyboard.press("Control+s")
        wait_until(lambda: "widgets" in json.loads(copy.read_text())["metadata"], 30,
                   "the notebook saved with its widget state")
    finally:
        page.close()
        server.delete_sessions()
    page = pw.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(url)
        picture = page.locator(".kit-explorer img.widget-image").first
        picture.wait_for(timeout=120_000)
        wait_until(lambda: picture.evaluate("e => e.naturalWidth") > 0, 30, "the picture")
        page.locator(".kit-explorer").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "lab-reopened-07_concurrent_scheduler.png"))
        text = page.locator(".jp-Notebook").inner_text()
        assert "model not found" not in text and "Error displaying widget" not in text
        assert "before the first tick" in text  # the readout came back too
    finally:
        page.close()
        server.delete_sessions()


def test_every_notebook_with_an_explorer_is_covered():
    with_explorer = {p.stem for p in (ROOT / "solutions").glob("*.ipynb")
                     if "kit.widgets" in p.read_text() and not p.stem.startswith("00")}
    assert with_explorer <= {e.notebook for e in EXPLORERS}, "add the explorer to EXPLORERS"


def test_artifacts_are_ignored_by_git():
    assert "test-artifacts/" in (ROOT / ".gitignore").read_text().split()
    assert Path(ARTIFACTS).is_relative_to(ROOT)


def test_a_students_report_reads_on_its_own_in_chromium(pw, tmp_path):
    """The per-student page the grader writes, opened from disk in a real browser: the failed
    question shows its counterexample table, expected and got, the pitfall and a hint."""
    from kit.exercises import edf_lateness as ex
    from kit.grading.grader import report_html

    wrong = next(p for p in ex.q1.pitfalls if p.name == "ties not kept in input order").answer
    result = ex.q1.check(wrong)
    row = {"student": "bo", "exercises": "edf_lateness", "scores": {"q1": 0, "q2": 1},
           "max": {"q1": 1, "q2": 1}, "notes": [],
           "outcomes": {"q1": {"html": result._repr_html_(), "hint": ex.q1.hint(1).text},
                        "q2": {"html": ex.q2.check(ex.q2.answer)._repr_html_(), "hint": None}}}
    page_file = tmp_path / "bo.html"
    page_file.write_text(report_html(row))
    page = pw.new_page()
    try:
        page.goto(page_file.as_uri())
        text = page.locator("body").inner_text()
        for shown in ("bo: 1 / 2 · edf_lateness", "q1: 0 / 1", "expected", "got", "pitfall",
                      "ties not kept in input order", "Hint 1 of 3 for edf_order", "q2: 1 / 1",
                      "max_lateness: passed"):
            assert shown in text, shown
        assert page.locator("table.kit-table").count() >= 3  # jobs, expected, got
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "report-bo.png"), full_page=True)
    finally:
        page.close()
