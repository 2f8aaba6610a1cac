"""Multi-level feedback queue (MLFQ): learn how long a task runs instead of being told.

Several round-robin queues, level 0 on top. The worker always serves the highest non-empty level,
so a task arriving at the top preempts one running lower down. Every task starts at the top. A task
that uses up its allotment at a level (by default one quantum of that level) drops one level, so
CPU-bound work sinks and short, interactive work stays on top: shortest-job-first without knowing
durations. Lower levels get longer quanta (`quantum * 2**k` by default). A periodic boost moves
everyone back to the top, so sunk tasks cannot starve behind a stream of short ones.

The event loop lives in `kit.policies.simulate`; this module is the rule it plugs in.
"""

from kit.schedule import check_number


def mlfq_rule(quantum, levels, quanta, allotment, boost, level, used):
    """The mlfq policy for `kit.policies.simulate`, as (preempts, quantum, quantum over); the key
    of the ready queue is the level itself.

    `level` and `used` are the simulation's per-task lists (current level, time used at it); the
    returned functions read and update them. Checks the options; O(levels).
    """
    if levels is not None and (not isinstance(levels, int) or isinstance(levels, bool)
                               or levels < 1):
        raise ValueError(f"levels must be an int >= 1, got {levels!r}")
    if quanta is None:
        quanta = [quantum * 2 ** k for k in range(3 if levels is None else levels)]
    else:
        if not isinstance(quanta, (list, tuple)) or not quanta:
            raise ValueError(f"quanta must be a non-empty list of slice lengths, got {quanta!r}")
        for q in quanta:
            check_number("quanta", q, low=0)
        if levels is not None and levels != len(quanta):
            raise ValueError(f"levels must equal len(quanta) = {len(quanta)}, got {levels!r}")
    if allotment is not None:
        check_number("allotment", allotment, low=0)
    if boost is not None:
        check_number("boost", boost, low=0)
    allot = list(quanta) if allotment is None else [allotment] * len(quanta)
    bottom = len(quanta) - 1

    def slice_of(i):  # the rest of its allotment, at most one quantum
        lv = level[i]
        left = allot[lv] - used[i]
        return quanta[lv] if quanta[lv] < left else left

    def slice_over(i):  # a task that used its allotment drops a level; True if it moved
        if used[i] >= allot[level[i]]:
            used[i] = 0
            if level[i] < bottom:
                level[i] += 1
                return True
        return False

    return True, slice_of, slice_over
