"""Exercises for 03_mlfq_and_fairness: the MLFQ rule, a small MLFQ with boost, deficit round robin.

- q1 `levels_after(bursts, allotments)`: the demotion rule with allotment accounting;
- q2 `mlfq_schedule(tasks, boost)`: three levels (quanta 1, 2, 4), preemption, periodic boost;
- q3 `drr_round(queues, deficits, weights, quantum)`: one round of deficit round robin;
- q4 `shares_after(queues, weights, quantum, k)`: each tenant's share of the work after k rounds.

The references are the kit's core (`kit.mlfq.Feedback`, `kit.policies.simulate`, `kit.fair`),
except q3's one-round step, which is the answer itself (tests replay it against
`kit.fair.deficit_round_robin`). Names are drawn apart from the input order, and the dicts of a
case list their tenants in different orders, so neither a sort by name nor the order of another
dict can pass for the order of `queues`.
"""

from collections import deque

from hypothesis import strategies as st

from kit import fair
from kit.checks import Pitfall, Problem, a_kind, difference, given_back
from kit.mlfq import Feedback
from kit.policies import simulate


# -- the answers: what solution() shows and the notebook holds, the text each pitfall edits -------
def levels_after(bursts, allotments):
    """The task's level (0 = top) after each burst, as a list: its usage at a level adds up over
    the bursts, and when it reaches allotments[level] the task drops a level (never below the
    last) and starts there with nothing used."""
    level, used, after = 0, 0, []
    for burst in bursts:
        used += burst  # usage adds up over every run at this level
        if used >= allotments[level]:
            level = min(level + 1, len(allotments) - 1)
            used = 0
        after.append(level)
    return after


def mlfq_schedule(tasks, boost):
    """Three levels, quanta 1, 2 and 4 ticks, one tick at a time; the (name, start, end) tuples
    the worker ran, as a list in time order (ticks of one run may be given one by one)."""
    quanta = [1, 2, 4]
    arriving = deque(sorted(tasks, key=lambda task: task[1]))  # stable: ties keep input order
    left = {name: duration for name, _, duration in tasks}
    level, used = dict.fromkeys(left, 0), dict.fromkeys(left, 0)
    queues = [deque(), deque(), deque()]
    running, slices, t = None, [], 0
    while any(left.values()):
        while arriving and arriving[0][1] <= t:  # rule 3: newcomers join the top
            queues[0].append(arriving.popleft()[0])
        if boost and t % boost == 0:  # rule 5: everyone back to the top, the running task last
            everyone = [name for q in queues for name in q] + ([running] if running else [])
            queues = [deque(everyone), deque(), deque()]
            for name in everyone:
                level[name] = used[name] = 0
            running = None  # it queues at level 0 like the others
        if running is not None:
            if used[running] == quanta[level[running]]:  # rule 4: allotment used, drop a level
                level[running], used[running] = min(level[running] + 1, 2), 0
                queues[level[running]].append(running)
                running = None
            elif any(queues[k] for k in range(level[running])):  # rule 1: higher level first
                queues[level[running]].append(running)
                running = None
        if running is None:
            running = next((q.popleft() for q in queues if q), None)
        if running is not None:
            slices.append((running, t, t + 1))
            left[running] -= 1
            used[running] += 1
            if left[running] == 0:
                running = None
        t += 1
    return slices


def drr_round(queues, deficits, weights, quantum):
    """One round of deficit round robin, tenants in the order of `queues`. A tuple
    (served, deficits after): a list of (tenant, size) tuples and a new dict."""
    served, after = [], {}
    for tenant, jobs in queues.items():
        credit = deficits[tenant] + quantum * weights[tenant]
        k = 0
        while k < len(jobs) and jobs[k] <= credit:
            credit -= jobs[k]
            served.append((tenant, jobs[k]))
            k += 1
        after[tenant] = credit if k < len(jobs) else 0  # an empty queue keeps no credit
    return served, after


def shares_after(queues, weights, quantum, k):
    """Each tenant's share of the work served in k rounds of DRR from deficits 0, as a dict
    {tenant: float} ({} when nothing was served)."""
    queues = {tenant: list(jobs) for tenant, jobs in queues.items()}  # a copy: we pop from it
    deficits = dict.fromkeys(queues, 0)
    work = dict.fromkeys(queues, 0)
    for _ in range(k):
        served, deficits = drr_round(queues, deficits, weights, quantum)
        for tenant, size in served:
            work[tenant] += size
            queues[tenant].pop(0)
    total = sum(work.values())
    return {tenant: w / total for tenant, w in work.items()} if total else {}


# -- q1: the demotion rule -----------------------------------------------------------------------
def levels_in_core(bursts, allotments):
    """The kit's rule (`kit.mlfq.Feedback`) charged burst by burst."""
    fb, after = Feedback(1, allotments), []
    for burst in bursts:
        fb.charge(0, burst)
        after.append(fb.level[0])
    return after


def _fit(bursts, allotments):
    """Cut each burst to what is left of the allotment at the task's level (the scheduler stops a
    task there), so every case is one a real MLFQ could produce."""
    fb, fitted = Feedback(1, allotments), []
    for burst in bursts:
        fitted.append(min(burst, fb.slice(0)))
        fb.charge(0, fitted[-1])
    return fitted, allotments


# Whole numbers of every size the statement allows (no upper bound: up to 10**9 here), the small
# ones most often: an allotment of 16 or 10**9 is as much an allotment as 2
ALLOTMENTS = st.one_of(st.integers(1, 8), st.integers(9, 100), st.integers(101, 10**9))
BURSTS = st.one_of(st.integers(0, 8), st.integers(0, 120), st.integers(0, 10**9))  # 0: gave the
# worker up at once; a burst longer than what is left of the allotment is cut to it (`_fit`)

q1 = Problem(
    exact_numbers=True,  # the statement names the type
    name="levels_after",
    arg_names=("bursts", "allotments"),
    cases=st.tuples(st.lists(BURSTS, max_size=30), st.lists(ALLOTMENTS, min_size=1, max_size=8))
    .map(lambda c: _fit(*c)),
    answer=levels_after,
    reference=levels_in_core,
    examples=[("no bursts", ([], [2, 4, 8])),
              ("one level only", ([1, 1, 1], [1])),
              ("the gaming job: short bursts that never fill a quantum", ([1, 1, 1, 1], [2, 4, 8])),
              ("a CPU hog: every burst fills the allotment", ([2, 4, 8, 8], [2, 4, 8])),
              ("a burst that ends exactly on the allotment", ([1, 2], [3, 5])),
              ("sunk to the bottom, then more bursts", ([1, 1, 2, 1], [1, 1, 3])),
              ("bursts of 0 (the task gave the worker up at once): each one has an entry",
               ([0, 1, 0, 0], [1, 2])),
              ("allotments of 16 and 10**9: usage adds up to each one, however large",
               ([10, 5, 1, 999_999_999, 1, 2], [16, 10**9, 3]))],
    pitfalls=[
        Pitfall("usage forgotten between runs (the gaming hole)",
                "charging each run on its own lets a job that gives up the CPU just before its "
                "quantum ends stay on top forever; add every run at a level to its usage",
                edit=[("used += burst", "used = burst")]),
        Pitfall("demoted after every run",
                "a task drops only once its usage reaches the allotment of its level, not each "
                "time it gives up the CPU",
                edit=[("if used >= allotments[level]:", "if True:")]),
        Pitfall("fell off the bottom level",
                "the lowest level has nowhere to drop to: stay at len(allotments) - 1",
                edit=[("level = min(level + 1, len(allotments) - 1)", "level = level + 1")]),
        Pitfall("usage kept after a drop",
                "a task starts every level with a fresh allotment: set its usage back to 0",
                edit=[("            used = 0\n", "")]),
        Pitfall("no entry for a burst of 0",
                "the list has one level per burst, a burst of 0 included (its level is the "
                "level the task is at): skip nothing",
                edit=[("for burst in bursts:", "for burst in filter(None, bursts):")]),
        Pitfall("dropped one tick late (> instead of >=)",
                "a task that has used exactly its allotment drops: test used >= allotment",
                edit=[("used >= allotments[level]", "used > allotments[level]")]),
    ],
    hints=["Keep two numbers for the task: its level and how much it has used at that level.",
           "After each burst add it to the usage; the task drops when the usage reaches "
           "allotments[level].",
           "On a drop: level = min(level + 1, len(allotments) - 1) and usage back to 0. Append the "
           "level after every burst, and return the list."],
)


# -- q2: a whole small MLFQ ----------------------------------------------------------------------
def mlfq_in_core(tasks, boost):
    return simulate(tasks, "mlfq", 1, boost=boost).slices


def _joined(slices):
    """The slices with each run of one task, given tick by tick, joined into one (name, start,
    end); anything that is not such a tuple is left as it is, for the judge to name. Joined in
    the answer's own list, so the engine still sees the object the answer returned (one list
    kept between calls is reported as such)."""
    if not isinstance(slices, list):
        return slices
    out = []
    for s in slices:
        if (out and type(s) is tuple and len(s) == 3 and type(out[-1]) is tuple
                and out[-1][0] == s[0] and out[-1][2] == s[1]):
            out[-1] = (s[0], out[-1][1], s[2])
        else:
            out.append(s)
    slices[:] = out
    return slices


def _ticks(slices) -> dict:
    """tick -> the name run in it, from well-formed (name, start, end) slices."""
    return {t: name for name, start, end in slices for t in range(start, end)}


def _judge_slices(case, expected, got) -> str | None:
    """Types first; then a slice that covers no tick; then the first tick where another task
    runs (or nobody) than the rule says: a count of slices says little, since ticks of one run
    may be given separately or joined."""
    well_formed = isinstance(got, list) and all(
        type(s) is tuple and len(s) == 3 and type(s[0]) is str
        and all(type(x) is int for x in s[1:]) for s in got)
    if not well_formed:
        return difference(expected, got)
    for s in got:
        if s[2] <= s[1]:
            return (f"the slice {s!r} covers no tick: (name, start, end) runs the ticks start, "
                    "start + 1, ..., end - 1, so end is at least start + 1")
    want, have = _ticks(expected), _ticks(got)
    if sum(e - b for _, b, e in got) != len(have):
        return "two slices cover the same tick: the worker runs one task at a time"
    for t in sorted(set(want) | set(have)):
        if want.get(t) != have.get(t):
            def who(name):
                return "nobody" if name is None else name
            return (f"at t = {t} the worker should run {who(want.get(t))}; this answer runs "
                    f"{who(have.get(t))}")
    return difference(expected, got)


def _no_preemption_why(case) -> str:
    """The arrivals-wait pitfall said for `case`: who was running, at which level, when the
    newcomer arrived (the levels from q1's accounting of the ticks run since the last boost)."""
    tasks, boost = case
    arrival = {name: at for name, at, _ in tasks}
    left = {name: duration for name, _, duration in tasks}
    slices = _joined(mlfq_schedule(tasks, boost))
    for (x, start, end), (y, _, _) in zip(slices, slices[1:], strict=False):
        left[x] -= end - start
        if not left[x] or y == x or arrival[y] != end or (boost and end % boost == 0):
            continue
        since = end // boost * boost if boost else 0
        ran = sum(min(e, end) - max(s, since) for n, s, e in slices if n == x and e > since
                  and s < end)
        levels = levels_after([1] * ran, [1, 2, 4])
        if ran > 1 and levels[-1] == levels[-2]:  # still inside its quantum: preempted
            return (f"a task at a higher level preempts at once: {y} arrives at level 0 at "
                    f"t = {end}, while {x} runs at level {levels[-1]}, and takes the worker "
                    f"then, not when {x}'s quantum ends")
    return ("a task at a higher level preempts at once: a newcomer at level 0 does not wait "
            "for the quantum of a task running at a lower level to end")


@st.composite
def mlfq_tasks(draw):
    """Up to 8 (name, arrival, duration) tuples in any arrival order, names drawn apart from it;
    times mostly small (equal arrivals are common), some up to 60 and durations up to 40."""
    specs = draw(st.lists(st.tuples(st.integers(0, 6) | st.integers(0, 60),
                                    st.integers(1, 10) | st.integers(1, 40)),
                          min_size=1, max_size=8))
    names = draw(st.permutations("ABCDEFGH"))[:len(specs)]
    return [(n, a, d) for n, (a, d) in zip(names, specs, strict=True)]


# a period of any size: 1 boosts at every tick; one past the last tick never boosts at all
BOOSTS = st.one_of(st.none(), st.integers(1, 8), st.integers(9, 64), st.integers(65, 10**9))


@st.composite
def boost_after_demotion(draw):
    """A boost on the tick right after a task used up its allotment at level 0, while other
    tasks wait lower down: long tasks from t = 0 sink to level 2, a newcomer arrives at t = a,
    runs one tick and is due to drop, and the first boost is at t = a + 1 (step 2, the boost,
    comes before step 3, the drop: the newcomer queues last, as the running task)."""
    a = draw(st.integers(3, 7))
    longs = [(draw(st.integers(0, 1)), draw(st.integers(a + 1, 12)))
             for _ in range(draw(st.integers(1, 2)))]
    specs = [*longs, (a, draw(st.integers(2, 5)))]
    names = draw(st.permutations("ABCDE"))[:len(specs)]
    tasks = [(n, at, d) for n, (at, d) in zip(names, specs, strict=True)]
    return draw(st.permutations(tasks)), a + 1


q2 = Problem(
    name="mlfq_schedule",
    arg_names=("tasks", "boost"),
    cases=st.one_of(st.tuples(mlfq_tasks(), BOOSTS), boost_after_demotion()),
    answer=mlfq_schedule,
    reference=mlfq_in_core,
    run=lambda answer, case: _joined(answer(*case)),
    judge=_judge_slices,
    equivalent={"mlfq_schedule constant: `0` -> `-1` in `running, slices, t = (None, [], "
                "0)`": "nothing arrives before 0 and -1 is no multiple of "
                "a boost of 2 or more, so a tick at -1 runs nobody and records nothing"},
    examples=[("one task alone sinks to the bottom", ([("A", 0, 9)], None)),
              ("a short task arrives while a long one is at level 2",
               ([("B", 0, 8), ("A", 4, 2)], None)),
              ("boost every 4 ticks", ([("B", 0, 6), ("A", 0, 6)], 4)),
              ("two long tasks take turns at the bottom", ([("B", 0, 9), ("A", 0, 9)], None)),
              ("equal arrivals, names against the input order",
               ([("C", 1, 3), ("A", 1, 2), ("B", 0, 1)], None)),
              ("an idle gap before the second task", ([("B", 0, 2), ("A", 5, 2)], 3)),
              ("a boost right after a newcomer used its level-0 tick, the other task at level 2",
               ([("A", 4, 2), ("B", 1, 4)], 5)),
              ("five tasks arriving together, names against the input order, boost every 16",
               ([("E", 0, 9), ("C", 0, 7), ("A", 0, 1), ("D", 0, 12), ("B", 2, 3)], 16))],
    pitfalls=[
        Pitfall("no boost", "every `boost` ticks (t = boost, 2·boost, ...) every task goes back "
                "to level 0 with a fresh allotment; without it sunk tasks can starve",
                edit=[("if boost and t % boost == 0:", "if False:")]),
        Pitfall("boost skips the running task",
                "the boost lifts every task, the one on the worker too: it joins the back of "
                "level 0 behind the waiting tasks",
                edit=[(" + ([running] if running else [])", ""),
                      ("            running = None  # it queues at level 0 like the others\n",
                       "")]),
        Pitfall("boost one tick late", "the boost happens at the start of tick t = k·boost, "
                "before the worker chooses who runs in it",
                edit=[("t % boost == 0", "t % boost == 1")]),
        Pitfall("usage forgotten on preemption (the gaming hole)",
                "a task pushed off the worker by a higher level keeps what it used: it gets only "
                "the rest of its allotment later, not a fresh quantum",
                edit=[("# rule 1: higher level first\n",
                       "# rule 1: higher level first\n                used[running] = 0\n")]),
        Pitfall("arrivals wait for the quantum to end",
                _no_preemption_why,
                edit=[("elif any(queues[k] for k in range(level[running])):", "elif False:")]),
        Pitfall("demoted at the end of the tick, not at the start of the next",
                "a task that used its allotment is still the running task until step 3 of the "
                "next tick; a boost in step 2 of that tick puts it last, behind the waiting "
                "tasks, not among the tasks of the level below",
                edit=[("            if left[running] == 0:\n                running = None\n",
                       "            if left[running] == 0:\n                running = None\n"
                       "            elif used[running] == quanta[level[running]]:\n"
                       "                level[running], used[running] = min(level[running] + 1, "
                       "2), 0\n"
                       "                queues[level[running]].append(running)\n"
                       "                running = None\n")]),
        Pitfall("the same quantum at every level",
                "lower levels get longer quanta: 1, 2 and 4 ticks",
                edit=[("quanta = [1, 2, 4]", "quanta = [1, 1, 1]")]),
    ],
    hints=["Simulate one tick at a time. Keep three FIFO queues, and per task its level, its "
           "usage at that level and the work left.",
           "At the start of each tick, in this order: admit arrivals to the back of level 0; "
           "boost if t is a multiple of boost; then decide about the running task (allotment "
           "used up: drop a level and go to the back of the new queue; a task waiting at a higher "
           "level: go to the back of your own queue).",
           "If nobody is running, take the front of the highest non-empty queue; run it one tick "
           "and append the tuple (name, t, t + 1) to a list."],
)


CREDIT = "        credit = deficits[tenant] + quantum * weights[tenant]\n"


# -- q3: one round of deficit round robin --------------------------------------------------------
def _quarters(low, high) -> st.SearchStrategy:
    """Whole numbers in [low, high], or multiples of 0.25 there: credit is a number of work
    units, not of jobs, and quarters add up exactly, so any order of paying gives one float."""
    return st.integers(-(-low // 1), high // 1) | st.integers(round(4 * low), int(4 * high)).map(
        lambda x: x / 4)


QUANTUM = st.integers(1, 6) | st.integers(2, 24).map(lambda x: x / 4)  # 0.5 .. 6 in quarters
SIZES = st.integers(1, 6) | st.integers(1, 24).map(lambda x: x / 4)  # above 0, as the statement
# weights of every size, the small ones most often: fractions, and some up to 1,000
WEIGHTS = st.one_of(st.integers(1, 3), st.sampled_from([0.5, 1.5, 2.25]), st.integers(4, 1000),
                    st.integers(1, 4000).map(lambda x: x / 4))
# the unit of work of a case: its sizes, quantum and deficits are multiples of it, so they keep
# their proportions (and their quarters add up exactly) at every magnitude
UNITS = st.sampled_from([1, 1, 1, 10, 1000, 10**6])


@st.composite
def tenant_dicts(draw, jobs, deficits=True):
    """Up to 8 tenants in a random order, and the other dicts of the case in another order each."""
    tenants = draw(st.permutations("abcdefgh"))[:draw(st.integers(1, 3) | st.integers(4, 8))]
    queues = {t: draw(jobs) for t in tenants}

    def shuffled(values):
        return {t: values[t] for t in draw(st.permutations(tenants))}

    weights = shuffled({t: draw(WEIGHTS) for t in tenants})
    if not deficits:
        return queues, weights
    # a backlogged tenant's deficit is below its head job (or the head would have gone); an idle
    # tenant's may be anything: the answer must set it to 0, not keep it
    credit = shuffled({t: draw(_quarters(0, queues[t][0] - 0.25) if queues[t] else
                               _quarters(0, 6)) for t in tenants})
    return queues, credit, weights


def _in_units(case, unit):
    """The case with every amount of work (job sizes, deficits, the quantum: the dicts of work
    and the number last) times `unit`; the weights are ratios and stay as they are."""
    *dicts, quantum = case
    queues, *rest, weights = dicts
    scaled = [{t: [x * unit for x in jobs] for t, jobs in queues.items()},
              *({t: x * unit for t, x in d.items()} for d in rest), weights]
    return (*scaled, quantum * unit)


def run_new_dict(answer, case):
    """The statement promises a *new* dict of deficits: the given one coming back (unchanged,
    say) is reported as given back, whatever it holds."""
    return given_back(answer(*case), case, ("queues", "deficits", "weights", "quantum"),
                      part="deficits_after",
                      of=lambda got: got[1] if type(got) is tuple and len(got) == 2 else None)


def _jobs(n: int) -> str:
    return f"{n} job{'s' * (n != 1)}"


def _judge_round(case, expected, got) -> str | None:
    """The first difference, said where it is: `served[0][0] (the tenant of job 0 sent)`, or
    `deficits_after['b']`, not a path of item numbers; a wrong count of jobs sent says so."""
    found = difference(expected, got)
    if found is None or not all(isinstance(x, tuple) and len(x) == 2 for x in (expected, got)) \
            or not isinstance(expected[0], list) or not isinstance(expected[1], dict):
        return found  # (a pitfall's search also compares two answers: `expected` may be anything)
    (want, owed), (sent, after) = expected, got
    if not isinstance(sent, list):
        return f"served: expected a list of (tenant, size) tuples, got {a_kind(sent)}"
    for i in range(max(len(want), len(sent))):
        if i == len(sent) or i == len(want):
            which = (f"served[{i}], {sent[i]!r}, is one too many" if i < len(sent) else
                     f"the next one, served[{i}], is {want[i]!r}")
            return f"the round sends {_jobs(len(want))} and the answer {len(sent)}: {which}"
        e, g = want[i], sent[i]
        if difference(e, g) is None:
            continue
        if not all(isinstance(x, tuple) and len(x) == 2 for x in (e, g)):
            return f"served[{i}]: {difference(e, g)}"
        for k, what in enumerate(("tenant", "size")):
            if difference(e[k], g[k]) is not None:  # said as one item: "expected 'c', got 'a'"
                wrong = difference([e[k]], [g[k]]).removeprefix("item 0: ")
                return f"served[{i}][{k}] (the {what} of job {i} sent): {wrong}"
    if isinstance(after, dict) and after.keys() == owed.keys():
        for t in owed:
            if difference(owed[t], after[t]) is not None:
                wrong = difference([owed[t]], [after[t]]).removeprefix("item 0: ")
                return f"deficits_after[{t!r}]: {wrong}"
    return f"deficits_after: {difference(owed, after)}"


q3 = Problem(
    name="drr_round",
    arg_names=("queues", "deficits", "weights", "quantum"),
    cases=st.tuples(tenant_dicts(st.lists(SIZES, max_size=8)), QUANTUM, UNITS)
    .map(lambda c: _in_units((*c[0], c[1]), c[2])),
    answer=drr_round,
    run=run_new_dict,
    judge=_judge_round,
    examples=[("nobody has work", ({"b": [], "a": []}, {"a": 0, "b": 0}, {"a": 1, "b": 1}, 3)),
              ("a big job waits for a second round", ({"a": [3, 1]}, {"a": 0}, {"a": 1}, 2)),
              ("the second round of that: credit 2 + 2 pays for 3 and 1",
               ({"a": [3, 1]}, {"a": 2}, {"a": 1}, 2)),
              ("an idle tenant beside a busy one", ({"a": [], "b": [4]}, {"a": 0, "b": 1},
                                                    {"a": 1, "b": 1}, 2)),
              ("an idle tenant with a deficit left over", ({"b": [5], "a": []}, {"a": 3, "b": 0},
                                                          {"a": 1, "b": 1}, 2)),
              ("tenants listed against their names, the dicts in other orders",
               ({"c": [2, 2], "a": [1], "b": [3]}, {"b": 0, "a": 0, "c": 1},
                {"a": 1, "c": 2, "b": 1}, 2)),
              ("weights 1 and 2, small jobs", ({"b": [1] * 4, "a": [1] * 4}, {"a": 0, "b": 0},
                                               {"a": 1, "b": 2}, 1)),
              ("a fractional quantum and weight: credit 1.5 × 1.5 = 2.25 pays for 1.5",
               ({"a": [1.5, 1]}, {"a": 0}, {"a": 1.5}, 1.5))],
    pitfalls=[
        Pitfall("deficit not carried over",
                "unspent credit stays with the tenant for the next round; without it a job "
                "larger than quantum·weight is never sent",
                edit=[("credit = deficits[tenant] + quantum", "credit = quantum")]),
        Pitfall("plain round robin by job",
                "counting turns, one job each, gives tenants with big jobs more of the worker; "
                "DRR counts work: send jobs while they fit in the credit",
                edit=[("while k < len(jobs) and jobs[k] <= credit:", "while k < 1:")]),
        Pitfall("deficit kept when a queue empties",
                "a tenant whose queue runs dry forfeits its leftover (reset to 0), or it could "
                "save credit while idle and burst later",
                edit=[("credit if k < len(jobs) else 0", "credit")]),
        Pitfall("an idle tenant kept its old deficit",
                "a tenant whose queue is empty earns nothing and its deficit becomes 0, whatever "
                "it was", edit=[(CREDIT, "        if not jobs:\n"
                                         "            after[tenant] = deficits[tenant]\n"
                                         "            continue\n" + CREDIT)]),
        Pitfall("credit given to an empty queue",
                "only a backlogged tenant earns quantum·weight; an idle tenant's deficit is 0",
                edit=[("credit if k < len(jobs) else 0", "credit if k < len(jobs) or not jobs "
                       "else 0")]),
        Pitfall("one job per turn",
                "keep sending head jobs while the next one still fits in the credit",
                edit=[("while k < len(jobs) and", "while k < min(len(jobs), 1) and")]),
        Pitfall("credit cut to a whole number",
                "the credit is work, not a count of jobs: quantum × weight may be 2.25, and a "
                "job of 1.5 fits in it; keep the credit as the number it is",
                edit=[("credit = deficits[tenant] + quantum * weights[tenant]",
                       "credit = int(deficits[tenant] + quantum * weights[tenant])")]),
        Pitfall("the given deficits dict returned, not a new one",
                "deficits_after must be a new dict: the caller keeps `deficits` (to compare, or "
                "for the next round) and must not find it is the same object as the answer",
                edit=[("    return served, after\n",
                       "    return served, deficits if after == deficits else after\n")]),
        Pitfall("weight ignored", "a tenant earns quantum · its weight per round",
                edit=[("quantum * weights[tenant]", "quantum")]),
    ],
    hints=["Visit the tenants in the order of `queues`. A tenant with an empty queue gets nothing "
           "and its deficit is 0.",
           "A backlogged tenant's credit is deficits[t] + quantum * weights[t]; send head jobs "
           "while the head fits in the credit, subtracting each job's size.",
           "Its new deficit is the credit left, or 0 if its queue is now empty. Return the tuple "
           "(a list of (tenant, size) tuples, a new dict); do not pop from the queues you were "
           "given."],
)


# -- q4: shares after k rounds --------------------------------------------------------------------
def shares_in_core(queues, weights, quantum, k):
    return fair.shares(fair.deficit_round_robin(queues, weights, quantum, rounds=k))


def _shares_judge(case, expected, got):
    """A dict of floats, equal up to rounding; a tenant served nothing may be missing or 0, but
    when nothing was served at all the answer is {} (a share of nothing is no share)."""
    if not isinstance(got, dict):
        return f"expected a dict, got {a_kind(got)}"
    if not expected and got:  # no share of nothing: the statement asks for {}
        return f"nothing was served at all: expected {{}}, got {got!r}"
    for tenant, share in got.items():
        if type(share) is not float and not (type(share) is int and share == 0):
            shown = f" ({share!r})" if type(share) is int else ""
            return f"{tenant!r}: expected a float, got {a_kind(share)}{shown}"
    for t in set(expected) | set(got):
        if abs(got.get(t, 0) - expected.get(t, 0)) > 1e-9:
            return f"{t!r}: expected a share of {expected.get(t, 0)!r}, got {got.get(t, 0)!r}"
    return None


q4 = Problem(
    name="shares_after",
    arg_names=("queues", "weights", "quantum", "k"),
    cases=st.tuples(tenant_dicts(st.lists(st.integers(1, 8), min_size=1, max_size=8),
                                 deficits=False), st.integers(1, 8), UNITS,
                    st.integers(1, 5) | st.integers(6, 40))
    .map(lambda c: (*_in_units((*c[0], c[1]), c[2]), c[3])),
    answer=shares_after,
    reference=shares_in_core,
    judge=_shares_judge,
    equivalent={"shares_after arithmetic: `work[tenant] += size` -> `work[tenant] -= "
                "size`": "negating "
                "every tenant's work negates the total too, and the ratios stay the same"},
    examples=[("big jobs against small ones, equal weights",
               ({"a": [3, 3, 3], "b": [1] * 9}, {"b": 1, "a": 1}, 3, 1)),
              ("nothing fits yet", ({"a": [5]}, {"a": 1}, 2, 1)),
              ("a job that waits a round for its credit",
               ({"b": [5, 1], "a": [2, 2]}, {"a": 1, "b": 1}, 3, 2)),
              ("weights 1 and 3", ({"b": [2] * 5, "a": [2] * 5}, {"a": 1, "b": 3}, 2, 2))],
    pitfalls=[
        Pitfall("counted jobs, not work",
                "a share is the fraction of the *work* (sum of job sizes) served, not of the jobs",
                edit=[("work[tenant] += size", "work[tenant] += 1")]),
        Pitfall("the weights, not what was served",
                "the weights are where shares head over many rounds; after k rounds measure "
                "what was actually served",
                answer=lambda q, w, n, k: {t: x / sum(w.values()) for t, x in w.items()}),
        Pitfall("deficit not carried over",
                "unspent credit stays for the next round; without it big jobs never go",
                edit=[("served, deficits = drr_round(", "served, _ = drr_round(")]),
        Pitfall("one round too many", "count the rounds from 1 to k: stop after round k",
                edit=[("range(k)", "range(k + 1)")]),
        Pitfall("share of all queued work",
                "divide by the work served in those k rounds, not by all the work in the queues",
                edit=[("total = sum(work.values())",
                       "total = sum(map(sum, queues.values())) + sum(work.values())")]),
    ],
    hints=["Run k rounds of deficit round robin (your drr_round helps), adding up the sizes each "
           "tenant sent.",
           "Remove the jobs that were served from (a copy of) the queues between rounds.",
           "Share = a tenant's work / all the work served in the k rounds, a float in a dict; "
           "with nothing served return {}."],
)

PROBLEMS = [q1, q2, q3, q4]
