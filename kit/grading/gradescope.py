"""Gradescope: the autograder archive, and the run that writes Gradescope's `results.json`.

    python -m kit gradescope --exercises edf_lateness --out autograder.zip

builds the archive a course uploads to Gradescope ("Programming Assignment", "Zip file upload").
It holds, at its root:

- `setup.sh`, run once as root when Gradescope builds the image: installs Python 3.11+ and
  bubblewrap, stops with one line when no Python 3.11 or newer can be had, then installs the exact
  versions of `requirements.lock` (the kit's dependencies as the building environment has them,
  written by the build) and the kit from the wheel next to it, with no other resolution;
- `run_autograder`, run for each submission in `/autograder`: grades the notebooks in
  `/autograder/submission/` with the same grader as `python -m kit grade` and writes
  `/autograder/results/results.json`. The learner's code runs in the grader's bubblewrap sandbox
  when the container allows one; where it does not, the submission is still graded (the
  container holds this one submission only) and the output says so;
- the kit's wheel, and `kit-gradescope.json` naming the topic.

`results.json` follows Gradescope's documented format: a total `score`, and one entry of `tests`
per question with `name`, `score`, `max_score`, `status`, `output` (the same report `check`
prints) and `visibility`. A submission with no notebook, or one that cannot be graded, still gets
a results.json that says why, with score 0.
"""

import argparse
import json
import os
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from kit.exercises import TOPICS, questions

ROOT = Path(__file__).resolve().parents[2]
CONFIG = "kit-gradescope.json"

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image.
set -euo pipefail
cd "$(dirname "$0")"
VENV="${KIT_VENV:-/autograder/venv}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || true
apt-get install -y -qq bubblewrap || true
newest() { command -v python3.13 || command -v python3.12 || command -v python3.11 || true; }
[ -n "$(newest)" ] || apt-get install -y -qq python3.11 python3.11-venv >/dev/null 2>&1 || true
PY=$(newest)
PY=${PY:-$(command -v python3 || true)}
if [ -z "$PY" ] || ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "setup.sh: the kit needs Python 3.11 or newer; found ${PY:-no python3}" \\
    "($("${PY:-true}" -V 2>&1 || true))" >&2
  exit 1
fi
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --no-deps --requirement requirements.lock
"$VENV/bin/python" -m pip install --quiet --no-deps ./kit-*.whl
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this for each submission, in /autograder.
exec "${KIT_PYTHON:-/autograder/venv/bin/python}" -m kit gradescope --run \\
  --root "${AUTOGRADER_ROOT:-/autograder}"
"""


def build_wheel(folder: Path) -> Path:
    """The kit's wheel, built from this checkout with pip (no dependencies bundled)."""
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                           "--wheel-dir", str(folder), str(ROOT)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"pip wheel failed: {done.stderr.strip()[-500:]}")
    return next(folder.glob("kit-*.whl"))


def lock() -> str:
    """`requirements.lock`: every distribution the kit needs to run (its dependencies and
    theirs, extras aside, markers evaluated here), pinned to the version installed here, and
    pip itself."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pinned, todo = {}, [Requirement(r) for r in metadata.requires("kit") or []]
    todo.append(Requirement("pip"))
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(req.name)
        if name in pinned:
            continue
        dist = metadata.distribution(req.name)
        pinned[name] = dist.version
        todo += [Requirement(r) for r in dist.requires or []]
    return "".join(f"{name}=={version}\n" for name, version in sorted(pinned.items()))


def build_archive(topic: str, out: Path, wheel: Path | None = None) -> Path:
    """Write the autograder zip for one topic; returns its path."""
    if topic not in TOPICS:
        raise ValueError(f"exercises must be one of {', '.join(TOPICS)}, got {topic!r}")
    out = Path(out)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = wheel or build_wheel(Path(tmp))
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in (("setup.sh", SETUP), ("run_autograder", RUN)):
                info = zipfile.ZipInfo(name)
                info.external_attr = (stat.S_IFREG | 0o755) << 16  # executable once extracted
                z.writestr(info, text)
            z.writestr(CONFIG, json.dumps({"exercises": topic}))
            z.writestr("requirements.lock", lock())
            z.write(wheel, wheel.name)
    return out


def results(row: dict | None, note: str = "") -> dict:
    """Gradescope's results.json for one graded notebook (`row` as the grader returns it)."""
    if row is None:
        return {"score": 0.0, "output": note, "tests": []}
    tests = []
    for q, outcome in row["outcomes"].items():
        problem = questions(row["exercises"])[q]
        score, top = float(row["scores"].get(q, 0)), float(row["max"][q])
        tests.append({"name": f"{q} · {problem.answer_name}", "number": q[1:],
                      "score": score, "max_score": top,
                      "status": "passed" if score == top else "failed",
                      "output": outcome["text"], "visibility": "visible"})
    notes = "\n".join(row.get("notes", []))
    return {"score": float(sum(row["scores"].values())), "output": notes, "tests": tests}


def run(root: Path, timeout: float = 60) -> dict:
    """Grade the submission under `root` (Gradescope's /autograder); write and return
    results/results.json."""
    from hypothesis.configuration import set_hypothesis_home_dir

    from kit.grading import isolation
    from kit.grading.grader import grade_notebook

    root = Path(root)
    set_hypothesis_home_dir(Path(tempfile.mkdtemp(prefix="kit-hypothesis-")))  # not /autograder
    why = isolation.unavailable()
    topic = json.loads((root / "source" / CONFIG).read_text())["exercises"]
    notebooks = sorted((root / "submission").rglob("*.ipynb"))
    if not notebooks:
        data = results(None, "no .ipynb file was submitted: upload your filled-in notebook")
    else:
        row = grade_notebook(str(notebooks[0]), topic, timeout, isolated=why is None)
        data = results(row)
        if why:  # Gradescope's container is this submission's alone, but say what was not had
            data["output"] = f"graded without the kit's sandbox: {why}\n{data['output']}".strip()
        if len(notebooks) > 1:
            data["output"] = (f"{len(notebooks)} notebooks were submitted; graded "
                              f"{notebooks[0].name}\n" + data["output"]).strip()
    out = root / "results" / "results.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False))
    return data


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kit gradescope",
        description="Build a Gradescope autograder archive for one topic (or, inside "
                    "Gradescope, grade a submission).")
    parser.add_argument("--exercises", choices=TOPICS, metavar="TOPIC",
                        help=f"the topic the assignment answers: {', '.join(TOPICS)}")
    parser.add_argument("--out", default="autograder.zip", help="the zip to write")
    parser.add_argument("--run", action="store_true",
                        help="grade /autograder/submission (what run_autograder does)")
    parser.add_argument("--root", default=os.environ.get("AUTOGRADER_ROOT", "/autograder"),
                        help="Gradescope's autograder folder (default /autograder)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per question")
    args = parser.parse_args(argv)
    if args.run:
        data = run(Path(args.root), args.timeout)
        print(f"score {data['score']:g}; wrote {Path(args.root) / 'results' / 'results.json'}")
        return 0
    if args.exercises is None:
        parser.error("--exercises TOPIC is required to build an archive")
    print(f"wrote {build_archive(args.exercises, Path(args.out))}")
    return 0
