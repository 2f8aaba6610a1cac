"""The AWS backoff experiment: clients racing to update one row with optimistic concurrency.

This is the model behind the AWS Architecture Blog post "Exponential backoff and jitter" (its
simulator is public as aws-samples "aws-arch-backoff-simulator"), rebuilt on the kit's own jitter
rules (`kit.backoff.RULES`). `kit.backoff.simulate_herd` is the kit's simpler herd picture (one
resource, calls that collide); this one is the experiment itself.

The model:

- One server holds one row with a version number, starting at 0. `clients` clients each want to
  update it exactly once, and all start at t = 0.
- A client **reads** the row (it learns the version), then **writes** it, sending the version it
  read. The write succeeds only if the version still matches; the version then goes up by one, so
  every other client holding the old version will fail. Optimistic concurrency control: no locks,
  and one winner per version.
- Every message (read request, read reply, write request, write reply) takes a network delay drawn
  as |normal(mean 10, sd 2)|. Times are in those units (milliseconds in the post).
- On a failed write the client sleeps, then starts over with a new read. Its k-th failure
  (k = 1, 2, ...) sleeps `wait(k)`: the published simulator's numbering, so the first retry of
  exponential backoff already waits base * 2^1. base 5 and cap 2000 by default. Strategies:

      "no_backoff"    sleep 0: read again as soon as the failure is known
      "exponential"   min(cap, base * 2^k), no jitter (the kit's "none")
      "full"          uniform in [0, min(cap, base * 2^k))
      "equal"         half of min(cap, base * 2^k) plus uniform in [0, the other half)
      "decorrelated"  min(cap, uniform(base, 3 * previous sleep)), previous starting at base

- **calls** counts the writes the server receives, failed ones included (reads are not counted);
  **time** is when the last client learns that its write succeeded: the end of the simulation, as
  the published simulator measures it.

Only the server's state changes, and only when a message reaches it, so the event loop keeps one
pending server event per client on a heap of `(time, seq, client)`: a read, which sends the
version back and the write out (two delays later the write arrives), or a write, after which the
client is done or its next read arrives one reply, one request and one sleep later. Two heap events
per attempt instead of four messages; the order of what the server sees is the same.

Randomness: each client draws from its own `random.Random` (delays with `gauss`, jitter with
`random`), seeded in client order by `random.Random(seed).getrandbits(64)`, and in its own order:
the first read request; then per attempt the read reply, the write request, the write reply
and, after a failure, the next read request and the sleep. So what a client draws never depends
on how the clients' events interleave.
Trial r of `aws_experiment(..., seed)` is `occ_run(..., seed=s_r)` with s_r the r-th
`getrandbits(64)` of `random.Random(seed)`. Cost: O(events * log clients) per run.
"""

import csv
import functools
import heapq
import random
from pathlib import Path
from typing import NamedTuple

from kit import validate
from kit.backoff import RULES

__all__ = ["BASE", "CAP", "CLIENTS", "GRID_FILE", "NET_MEAN", "NET_SD", "RUNS_CLIENTS", "RUNS_FILE",
           "RUNS_MAX", "STRATEGIES", "Experiment", "Trial", "aws_experiment", "grid", "mean",
           "occ_run", "read_grid", "read_runs", "run_seeds", "write_grid", "write_runs"]

NET_MEAN, NET_SD = 10.0, 2.0  # one message's network delay: |normal(10, 2)|
BASE, CAP = 5.0, 2000.0  # the published experiment's backoff base and cap


def _no_backoff(attempt, base, cap, rand, previous):
    return 0.0


# our name -> the sleep after failure number `attempt` (a kit.backoff rule)
STRATEGIES = {
    "no_backoff": _no_backoff,
    "exponential": RULES["none"],
    "full": RULES["full"],
    "equal": RULES["equal"],
    "decorrelated": RULES["decorrelated"],
}


class Trial(NamedTuple):
    calls: int  # writes the server received, failed ones included
    time: float  # when the last client learned its write had succeeded


class Experiment(NamedTuple):
    calls: float  # mean of Trial.calls over the runs
    time: float  # mean of Trial.time over the runs


def _run(clients: int, sleep, base: float, cap: float, seed: int) -> Trial:
    """One simulation; the arguments are already checked."""
    seeds = random.Random(seed)
    streams = [random.Random(seeds.getrandbits(64)) for _ in range(clients)]
    net = [s.gauss for s in streams]  # net[c](NET_MEAN, NET_SD): one of c's messages
    mean, sd, pop, push = NET_MEAN, NET_SD, heapq.heappop, heapq.heappush  # locals: a hot loop
    pending = [(abs(net[c](mean, sd)), c, c) for c in range(clients)]  # the first reads arrive
    heapq.heapify(pending)
    seq = clients  # heap entries are (time, seq, client): ties go in the order they were pushed
    holding = [None] * clients  # the version a client read and is writing; None: it is reading
    failures = [0] * clients
    previous = [None] * clients  # each client's last sleep (decorrelated jitter grows it)
    version = calls = 0
    finish = 0.0
    while pending:
        t, _, c = pop(pending)
        delay = net[c]
        if holding[c] is None:  # a read reaches the row: the version goes back, the write comes
            holding[c] = version
            push(pending, (t + abs(delay(mean, sd)) + abs(delay(mean, sd)), seq, c))
            seq += 1
            continue
        calls += 1  # a write reaches the row
        replied = t + abs(delay(mean, sd))
        if holding[c] == version:  # nobody wrote since this client read: it wins
            version += 1
            if replied > finish:
                finish = replied
        else:  # it lost: the reply comes back, the client sleeps, then it reads again
            failures[c] += 1
            arrival = replied + abs(delay(mean, sd))
            previous[c] = wait = sleep(failures[c], base, cap, streams[c].random, previous[c])
            push(pending, (arrival + wait, seq, c))
            seq += 1
        holding[c] = None
    return Trial(calls, finish)


def _checked(clients, strategy, base, cap, seed):
    validate.integer("clients", clients, low=1)
    validate.choice("strategy", strategy, STRATEGIES)
    validate.number("base", base, low=0)
    validate.number("cap", cap, low=0)
    validate.integer("seed", seed)
    return STRATEGIES[strategy]


def occ_run(clients: int, strategy: str, base: float = BASE, cap: float = CAP,
            seed: int = 0) -> Trial:
    """One run of the experiment (see the module docstring): `Trial(calls, time)`."""
    sleep = _checked(clients, strategy, base, cap, seed)
    return _run(clients, sleep, base, cap, seed)


def aws_experiment(clients: int, strategy: str, runs: int = 100, seed: int = 0,
                   base: float = BASE, cap: float = CAP) -> Experiment:
    """Mean calls and mean completion time of `runs` independent runs: `Experiment(calls, time)`.

    The published experiment is `aws_experiment(n, s)` for n = 10, 20, ... and the five strategies
    of `STRATEGIES`, 100 runs each. Deterministic by `seed`; run r draws from its own seed (the
    r-th `getrandbits(64)` of `random.Random(seed)`), so the first k runs are the same whatever
    `runs` is, and every strategy meets the same run seeds.
    """
    sleep = _checked(clients, strategy, base, cap, seed)
    validate.integer("runs", runs, low=1)
    return mean([_run(clients, sleep, base, cap, s) for s in run_seeds(seed, runs)])


def run_seeds(seed: int, runs: int) -> list[int]:
    """The seed of each run of `aws_experiment(..., runs, seed)`, in run order."""
    seeds = random.Random(seed)
    return [seeds.getrandbits(64) for _ in range(runs)]


def mean(results) -> Experiment:
    """The `Experiment` of a list of runs: mean calls, mean time (summed in run order)."""
    n = len(results)
    return Experiment(sum(r.calls for r in results) / n, sum(r.time for r in results) / n)


# --- the published grid, stored ------------------------------------------------------------------

CLIENTS = tuple(range(10, 200, 10))  # the blog's x axis: 10 to 190 clients
GRID_FILE = Path(__file__).with_name("herd_grid.csv")  # written by `python -m kit.herd`


def grid(clients=CLIENTS, strategies=tuple(STRATEGIES), runs: int = 100, seed: int = 0,
         base: float = BASE, cap: float = CAP) -> dict[str, list[Experiment]]:
    """`aws_experiment` for every strategy and client count: {strategy: [Experiment per count]}.

    The defaults are the published experiment: 19 client counts x 5 strategies x 100 runs, about
    35 s of CPU time; `read_grid()` gives the stored result without the wait. A point whose runs
    are all stored (`read_runs`: seed 0, the published base and cap, at most RUNS_MAX runs) is
    the mean of the stored runs: the same numbers to the last bit, at once.
    """
    clients = list(clients)
    for n in clients:
        validate.integer("clients", n, low=1)
    validate.integer("runs", runs, low=1)
    validate.integer("seed", seed)
    stored = _stored_runs() if (seed, base, cap) == (0, BASE, CAP) and runs <= RUNS_MAX else {}
    return {s: [mean(stored[s, n][:runs]) if (s, n) in stored
                else aws_experiment(n, s, runs, seed, base, cap) for n in clients]
            for s in strategies}


def write_grid(path=GRID_FILE, **kwargs) -> None:
    """Store `grid(**kwargs)` as CSV rows `strategy,clients,calls,time` (floats exact by repr)."""
    clients = list(kwargs.pop("clients", CLIENTS))
    table = grid(clients, **kwargs)
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["strategy", "clients", "calls", "time"])
        for strategy, row in table.items():
            for n, result in zip(clients, row, strict=True):
                out.writerow([strategy, n, repr(result.calls), repr(result.time)])


def read_grid(path=GRID_FILE) -> dict[str, dict[int, Experiment]]:
    """The stored grid: {strategy: {clients: Experiment}}."""
    table: dict[str, dict[int, Experiment]] = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            point = Experiment(float(row["calls"]), float(row["time"]))
            table.setdefault(row["strategy"], {})[int(row["clients"])] = point
    return table


# --- every run the explorer shows by default, stored ----------------------------------------------
# The AWS explorer offers 10 to 200 clients in steps of 10 and 1 to 20 runs per point. At the
# published base and cap, seed 0, every run it can ask for is stored (about 10 s to compute), so
# moving those sliders redraws at once; other bases and caps are computed while the learner waits.

RUNS_CLIENTS = tuple(range(10, 201, 10))
RUNS_MAX = 20
RUNS_FILE = Path(__file__).with_name("herd_runs.csv")  # written by `python -m kit.herd`


@functools.cache
def _stored_runs() -> dict[tuple[str, int], list[Trial]]:
    return read_runs()


def write_runs(path=RUNS_FILE) -> None:
    """Store every `Trial` of `aws_experiment(n, s, RUNS_MAX)` (base, cap and seed at their
    defaults) as CSV rows `strategy,clients,run,calls,time`, run 0 first."""
    seeds = run_seeds(0, RUNS_MAX)
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["strategy", "clients", "run", "calls", "time"])
        for strategy, sleep in STRATEGIES.items():
            for n in RUNS_CLIENTS:
                for r, s in enumerate(seeds):
                    result = _run(n, sleep, BASE, CAP, s)
                    out.writerow([strategy, n, r, result.calls, repr(result.time)])


def read_runs(path=RUNS_FILE) -> dict[tuple[str, int], list[Trial]]:
    """The stored runs: {(strategy, clients): [Trial, in run order]}; `mean(runs[:k])` is
    `aws_experiment(clients, strategy, k)` to the last bit."""
    table: dict[tuple[str, int], list[Trial]] = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            runs = table.setdefault((row["strategy"], int(row["clients"])), [])
            if int(row["run"]) != len(runs):
                raise ValueError(f"{path}: runs out of order at {row}")
            runs.append(Trial(int(row["calls"]), float(row["time"])))
    return table


if __name__ == "__main__":  # python -m kit.herd: recompute the stored grid (about 40 s)
    write_grid()
    print(f"wrote {GRID_FILE}")
    write_runs()
    print(f"wrote {RUNS_FILE}")
