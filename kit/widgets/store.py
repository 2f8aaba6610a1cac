"""A live run: worker processes on one SQLite queue file, and a button that kills one.

Start launches the workers (`kit.durable_worker`); Kill one sends SIGKILL to a random live worker
and starts a replacement; the readout and the bars refresh twice a second until the queue is
empty. What to watch: a killed worker's job comes back after its lease runs out (a duplicate
delivery), and the results table still has one row per job. All numbers come from
`kit.durable_worker.summary`; nothing here decides anything about the queue.
"""

import atexit
import random
import shutil
import tempfile
import threading
import time
from pathlib import Path

import ipywidgets as w

from kit import viz
from kit.durable_worker import Fleet, setup, summary
from kit.widgets.base import Explorer


class LiveRun(Explorer):
    title = "Live run"

    def __init__(self, jobs: int = 300, workers: int = 4, work_seconds: float = 0.1,
                 lease_for: float = 1.0, seed: int = 6):
        self.jobs, self.workers, self.work_seconds = jobs, workers, work_seconds
        self.lease_for, self.rng = lease_for, random.Random(seed)
        self.folder = tempfile.mkdtemp(prefix="kit-live-")
        self.path = str(Path(self.folder, "queue.db"))
        setup(self.path, jobs)
        self.fleet: Fleet | None = None
        self.started_at = None
        self.note = ""
        self._lock = threading.Lock()
        self._closed = False
        self.start_button = w.Button(description="Start", button_style="success")
        self.kill_button = w.Button(description="Kill one", button_style="danger",
                                    disabled=True)
        self.stop_button = w.Button(description="Stop", disabled=True)
        self.start_button.on_click(lambda _b: self.start())
        self.kill_button.on_click(lambda _b: self.kill_one())
        self.stop_button.on_click(lambda _b: self.stop())
        atexit.register(self.close)
        super().__init__([w.HBox([self.start_button, self.kill_button, self.stop_button])])

    # -- actions ------------------------------------------------------------------------------
    def start(self) -> None:
        if self.fleet is not None:
            return
        self.fleet = Fleet(self.path, self.work_seconds, self.lease_for, max_seconds=600)
        self.fleet.start(self.workers)
        self.started_at = time.monotonic()
        self.start_button.disabled = True
        self.kill_button.disabled = self.stop_button.disabled = False
        threading.Thread(target=self._refresh_until_empty, daemon=True).start()
        self.update()

    def kill_one(self) -> None:
        if self.fleet is None:
            return
        name = self.fleet.kill(rng=self.rng)
        if name is not None:
            started = self.fleet.start(1)[0]
            self.note = f"killed {name} (SIGKILL), started {started}"
        self.update()

    def stop(self) -> None:
        if self.fleet is not None:
            self.fleet.stop()
        self.kill_button.disabled = self.stop_button.disabled = True
        self.update()

    def close(self) -> None:
        with self._lock:  # after this, neither the refresher nor a button draws again
            self._closed = True
        if self.fleet is not None:
            self.fleet.close()
            self.fleet = None
        shutil.rmtree(self.folder, ignore_errors=True)

    def _refresh_until_empty(self) -> None:
        while not self._closed and self.fleet is not None and self.fleet.alive():
            time.sleep(0.5)
            self.update()
        if not self._closed:
            self.stop()

    # -- the picture --------------------------------------------------------------------------
    def update(self) -> None:
        with self._lock:
            if self._closed:
                return
            s = summary(self.path)
            fig = viz.bars({"live": s.live, "done": s.done, "dead": s.dead,
                            "duplicate\ndeliveries": s.duplicate_deliveries,
                            "extra runs": s.extra_runs, "result rows": s.results},
                           title=f"{s.jobs} jobs in one SQLite file", width=6)
            if self.fleet is None:
                lines = [f"Not started: {s.jobs} jobs waiting, {self.workers} workers ready to "
                         f"start, {self.work_seconds:g} s of work per job, leases of "
                         f"{self.lease_for:g} s.",
                         "Press Start, then Kill one a few times while it runs."]
            else:
                alive = self.fleet.alive()
                lines = [f"t = {time.monotonic() - self.started_at:.1f} s; workers alive: "
                         f"{' '.join(alive) or 'none'}; killed so far: {self.fleet.killed}",
                         f"live (ready, leased or waiting to retry) {s.live}; done {s.done}; "
                         f"dead {s.dead}",
                         f"duplicate deliveries {s.duplicate_deliveries}; extra runs "
                         f"{s.extra_runs}; result rows {s.results}"]
                if self.note:
                    lines.append(self.note)
                if s.live == 0:
                    lines.append(f"Finished: {s.done + s.dead} of {s.jobs} jobs done or dead, "
                                 f"{s.lost} lost, {s.wrong_values} wrong results.")
            self.show(fig, lines)
