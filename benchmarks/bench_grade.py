"""Class grading: 50 submissions of 02_edf_lateness (half solved, half the untouched learner
build) graded by `python -m kit grade --jobs 2` in its sandboxes (target: under 90 s on 2 cores),
against the floor of starting one sandboxed interpreter per submission and doing nothing."""

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import Row
from kit.build import ROOT
from kit.grading import isolation


def run(quick: bool = False) -> list[Row]:
    n = 6 if quick else 50
    isolated = isolation.unavailable() is None
    with tempfile.TemporaryDirectory(prefix="kit-bench-grade-") as folder:
        paths = []
        for i in range(n):
            source = ROOT / ("solutions" if i % 2 == 0 else "notebooks") / "02_edf_lateness.ipynb"
            paths.append(Path(folder) / f"student{i:02d}.ipynb")
            paths[-1].write_bytes(source.read_bytes())
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "kit", "grade", "--exercises=edf_lateness",
                        *map(str, paths), "--out",
                        str(Path(folder) / "grades.csv"), "--jobs", "2",
                        *([] if isolated else ["--unsafe"])],
                       check=True, capture_output=True, cwd=folder, timeout=900)
        seconds = time.perf_counter() - t0
        floor = _floor(n, isolated)
    kind = "isolated" if isolated else "unsafe: no isolation here"
    return [Row("grade", f"{n} submissions of 02_edf_lateness, --jobs 2 ({kind})", seconds,
                f"{n} bare sandboxed starts, 2 at a time", floor, "< 90 s for 50")]


def _floor(n: int, isolated: bool) -> float:
    """`n` sandboxed `python -I -c pass`, two at a time, each with its own overlay views: what
    isolation alone costs."""
    command = [sys.executable, "-I", "-c", "pass"]
    t0 = time.perf_counter()
    for _ in range(0, n, 2):
        views = [isolation.Views() if isolated else None for _ in range(2)]
        procs = [subprocess.Popen(isolation.bwrap_argv(command, isolation.UIDS[0], views=v)
                                  if v else command, stdin=subprocess.DEVNULL,
                                  preexec_fn=v.mount if v else None) for v in views]
        for p, v in zip(procs, views, strict=True):
            p.wait()
            if v:
                v.remove()
    return time.perf_counter() - t0
