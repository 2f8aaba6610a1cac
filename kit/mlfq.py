"""Multi-level feedback queue (MLFQ): learn how long a task runs instead of being told.

Several round-robin queues, level 0 on top. The worker always serves the highest non-empty level,
so a task arriving at the top preempts one running lower down. Every task starts at the top. A task
that uses up its allotment at a level (by default one quantum of that level) drops one level, so
CPU-bound work sinks and short, interactive work stays on top: shortest-job-first without knowing
durations. Lower levels get longer quanta (`quantum * 2**k` by default). A periodic boost moves
everyone back to the top, so sunk tasks cannot starve behind a stream of short ones.

The event loop lives in `kit.policies.simulate`; this module is the bookkeeping it plugs in: each
task's level and the time it has used there. The usage adds up over every run at a level, so a
task cannot stay on top by giving the worker away just before its quantum ends.
"""

from kit import validate


class Feedback:
    """Per task (by index): its `level` (0 = top) and the time it has `used` at that level.

    Rule 4: a task whose usage reaches its level's allotment drops a level (the bottom one
    stays) and starts there with nothing used. Rule 5 (`lift`): back to the top, nothing used.
    Every method is O(1).
    """

    def __init__(self, tasks: int, quanta: list, allotment=None):
        self.quanta = list(quanta)
        self.allotment = list(quanta) if allotment is None else [allotment] * len(quanta)
        self.level = [0] * tasks
        self.used = [0] * tasks

    def slice(self, i):
        """How long task i may run now: a quantum of its level, at most its allotment's rest."""
        level = self.level[i]
        return min(self.quanta[level], self.allotment[level] - self.used[i])

    def charge(self, i, ran) -> bool:
        """Add `ran` to task i's usage; True when that used up its allotment and it dropped."""
        self.used[i] += ran
        if self.used[i] < self.allotment[self.level[i]]:
            return False
        self.used[i] = 0
        if self.level[i] == len(self.quanta) - 1:
            return False  # the bottom level has nowhere to drop to
        self.level[i] += 1
        return True

    def lift(self, i) -> bool:
        """The boost: task i back to level 0 with nothing used; True when it moved."""
        moved = self.level[i] != 0
        self.level[i] = self.used[i] = 0
        return moved


def feedback(tasks: int, quantum, levels=None, quanta=None, allotment=None) -> Feedback:
    """The `Feedback` for `tasks` tasks, its options checked: `quanta` (default `levels` levels,
    3 when not given, of `quantum * 2**k`), `allotment` (default one quantum of each level)."""
    if levels is not None:
        validate.integer("levels", levels, low=1)
    if quanta is None:
        quanta = [quantum * 2 ** k for k in range(3 if levels is None else levels)]
    else:
        if not isinstance(quanta, list | tuple) or not quanta:
            raise ValueError(f"quanta must be a non-empty list of slice lengths, got {quanta!r}")
        for q in quanta:
            validate.number("quanta", q, low=0, low_open=True)
        if levels is not None and levels != len(quanta):
            raise ValueError(f"levels must equal len(quanta) = {len(quanta)}, got {levels!r}")
    if allotment is not None:
        validate.number("allotment", allotment, low=0, low_open=True)
    return Feedback(tasks, quanta, allotment)
