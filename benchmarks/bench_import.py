"""Start-up costs a learner waits for, per topic, each in a fresh interpreter (as a notebook
kernel or `python -m kit quiz` meets them):

- import: CPU time of `python -c "import kit.exercises.TOPIC"` (target under 0.5 s; nothing is
  compiled or generated at import: pitfalls and mutants are built on first use);
- quiz: `python -m kit quiz TOPIC q1 --hint 1` and an error (`q99`), under 1 s;
- first check: in a fresh interpreter, the median over the topic's exercises of the first
  `qN.check(answer)` (caches cold), under 1 s.

Times are CPU seconds (the two cores are shared, so wall times are noise; the quiz row also gives
the wall time). The floor is `python -c pass`, measured in the same run.
"""

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

from benchmarks.common import Row
from kit.exercises import TOPICS

FIRST_CHECKS = """
import statistics, sys, time
from kit.exercises import questions
times = []
for problem in questions(sys.argv[1]).values():
    t0 = time.process_time()
    assert problem.check(problem.answer or problem.reference)
    times.append(time.process_time() - t0)
print(statistics.median(times), max(times))
"""


def _run(args: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, its output) of one fresh interpreter."""
    before = os.times()
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + \
        (after.children_system - before.children_system)
    return wall, cpu, out.stdout


def _median(args: list[str], repeat: int, cpu: bool) -> float:
    return statistics.median(_run(args)[1 if cpu else 0] for _ in range(repeat))


def run(quick: bool = False) -> Iterator[Row]:
    """The rows, one topic at a time (printed as they come: the whole run takes minutes)."""
    repeat = 1 if quick else 3
    floor_cpu = _median(["-c", "pass"], repeat, cpu=True)
    floor_wall = _median(["-c", "pass"], repeat, cpu=False)
    for topic in TOPICS[:2] if quick else TOPICS:
        cpu = _median(["-c", f"import kit.exercises.{topic}"], repeat, cpu=True)
        yield Row("import", f"{topic}: CPU of a fresh `import kit.exercises.{topic}`", cpu,
                        "python -c pass (CPU)", floor_cpu, "< 0.5 s CPU")
        hint = [_run(["-m", "kit", "quiz", topic, "q1", "--hint", "1"]) for _ in range(repeat)]
        error = [_run(["-m", "kit", "quiz", topic, "q99"]) for _ in range(repeat)]
        (hint_wall, hint_cpu), (error_wall, error_cpu) = (
            (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
            for runs in (hint, error))
        yield Row("import", f"{topic}: `python -m kit quiz` CPU: hint {hint_cpu:.2f} s, "
                        f"error {error_cpu:.2f} s (wall {hint_wall:.2f} s, {error_wall:.2f} s; "
                        f"python -c pass {floor_wall:.2f} s)", max(hint_cpu, error_cpu),
                        "python -c pass (CPU)", floor_cpu, "< 1 s")
        runs = [tuple(map(float, _run(["-c", FIRST_CHECKS, topic])[2].split()))
                for _ in range(repeat)]
        median, slowest = (statistics.median(r[i] for r in runs) for i in (0, 1))
        yield Row("import", f"{topic}: median first check's CPU in a fresh interpreter "
                        f"(slowest exercise {slowest:.2f} s)", median, "", 0, "< 1 s median")
