"""`python -m kit sim`: a textbook-style scheduling simulator on the command line.

In the manner of OSTEP's cpu-sched homework: it prints a problem (a few jobs and a policy) and asks
you to work out each job's response, turnaround and wait time; run it again with the same arguments
plus `-c` to see the execution trace and the answers. Jobs come from `-l 6,8,7,3` or are drawn at
random with `-j N -s SEED`: lengths are drawn first, as OSTEP's scheduler.py draws them
(`int(maxlen * random()) + 1` from `random.Random(seed)`), then priorities and deadlines, so the
same seed always gives the same problem. Every job arrives at time 0 unless `-a` says otherwise,
as in the textbook. The answers come from `kit.policies.simulate`.

    python -m kit sim -p fifo -l 6,8,7,3 -c
    python -m kit sim -p rr -q 2 -j 4 -s 7
"""

import argparse
import os
import random
import sys

from kit import validate
from kit.policies import POLICIES, Task, simulate


def main(argv=None) -> int:
    """Parse `argv`, print the problem (and with -c the solution); return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        policy = args.policy.lower()
        if policy not in POLICIES:
            parser.error(f"-p must be one of {', '.join(POLICIES)}, got {args.policy!r}")
        options = {}
        if policy == "mlfq":
            options = {"levels": args.levels, "boost": args.boost}
        elif args.levels is not None or args.boost is not None:
            parser.error(f"-n and -B apply to -p mlfq only, got -p {policy}")
        try:
            tasks = _tasks(parser, args)
            schedule = simulate(tasks, policy, args.quantum, **options)
        except (TypeError, ValueError) as e:
            parser.error(str(e))
    except SystemExit as e:  # -h, or a usage error already printed by argparse
        return e.code if isinstance(e.code, int) else 1
    try:
        _print_problem(args, policy, tasks)
        if args.compute:
            _print_solution(policy, tasks, schedule)
        else:
            print("Work out the response time, turnaround time and wait time of each job, and "
                  "their")
            print("averages. Then run the same command with -c added to check your answers.")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left (`| head`): stop quietly, as cat and ls do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit cannot raise again
        return 141  # 128 + SIGPIPE, what a shell reports for a writer killed by a closed pipe
    return 0


def _parser():
    p = argparse.ArgumentParser(prog="python -m kit sim", description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-p", "--policy", default="fifo", help=f"one of {', '.join(POLICIES)}")
    p.add_argument("-q", "--quantum", type=_number, default=1,
                   help="time slice for rr (and the top level of mlfq)")
    jobs = p.add_mutually_exclusive_group()
    jobs.add_argument("-l", "--jlist", help="comma-separated job lengths, e.g. 6,8,7,3")
    jobs.add_argument("-j", "--jobs", type=int, default=3, help="number of random jobs")
    p.add_argument("-s", "--seed", type=int, default=0, help="random seed for -j")
    p.add_argument("-m", "--maxlen", type=int, default=10, help="longest random job")
    p.add_argument("-a", "--arrivals", default=None, help="comma-separated arrival times")
    p.add_argument("-P", "--priorities", default=None, help="comma-separated priorities, 1 = first")
    p.add_argument("-D", "--deadlines", default=None, help="comma-separated deadlines")
    p.add_argument("-n", "--levels", type=int, default=None, help="mlfq: number of levels")
    p.add_argument("-B", "--boost", type=_number, default=None, help="mlfq: boost period")
    p.add_argument("-c", "--compute", action="store_true", help="compute the answers")
    return p


def _number(text):
    try:
        return validate.parse_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _numbers(parser, flag, text, count=None):
    try:
        values = [_number(x.strip()) for x in text.split(",")]  # "" and "1,,2" fail here
    except argparse.ArgumentTypeError:
        parser.error(f"{flag} must be comma-separated numbers, got {text!r}")
    if count is not None and len(values) != count:
        parser.error(f"{flag} must give {count} values (one per job), got {text!r}")
    return values


def _tasks(parser, args):
    """Lengths from -l, or drawn from the seed (lengths first, so they match OSTEP's)."""
    if args.jlist is not None:
        lengths = _numbers(parser, "-l", args.jlist)
        priorities, deadlines = [1] * len(lengths), [None] * len(lengths)
    else:
        if args.jobs < 1 or args.maxlen < 1:
            parser.error(f"-j and -m must be >= 1, got -j {args.jobs} -m {args.maxlen}")
        rng = random.Random(args.seed)
        lengths = [int(args.maxlen * rng.random()) + 1 for _ in range(args.jobs)]
        priorities = [rng.randint(1, 3) for _ in lengths]
        total = sum(lengths)
        deadlines = [x + int(total * rng.random()) for x in lengths]
    n = len(lengths)
    arrivals = [0] * n if args.arrivals is None else _numbers(parser, "-a", args.arrivals, n)
    if args.priorities is not None:
        priorities = _numbers(parser, "-P", args.priorities, n)
    if args.deadlines is not None:
        deadlines = _numbers(parser, "-D", args.deadlines, n)
    return [Task(str(k), arrivals[k], lengths[k], priorities[k], deadlines[k]) for k in range(n)]


def _print_problem(args, policy, tasks):
    print("ARG policy", policy)
    if policy in ("rr", "mlfq"):
        print("ARG quantum", args.quantum)
    if policy == "mlfq":
        print("ARG levels", 3 if args.levels is None else args.levels)
        print("ARG boost", "never" if args.boost is None else args.boost)
    if args.jlist is not None:
        print("ARG jlist", args.jlist)
    else:
        print("ARG jobs", args.jobs)
        print("ARG maxlen", args.maxlen)
        print("ARG seed", args.seed)
    for flag, value in (("arrivals", args.arrivals), ("priorities", args.priorities),
                        ("deadlines", args.deadlines)):
        if value is not None:
            print(f"ARG {flag}", value)
    print()
    print("The jobs (every job arrives at time 0 unless an arrival is shown):")
    for t in tasks:
        extra = f"  arrival {_f(t.arrival)}" if args.arrivals is not None else ""
        if policy == "priority":
            extra += f"  priority {t.priority} (1 runs first)"
        if policy == "edf" and t.deadline is not None:
            extra += f"  deadline {_f(t.deadline)}"
        print(f"  job {t.name}: length {_f(t.duration)}{extra}")
    print()


def _print_solution(policy, tasks, schedule):
    print("** Solution **")
    print()
    print("Execution trace:")
    now = min(t.arrival for t in tasks)
    for name, start, end in schedule.slices:
        if start > now:
            print(f"  [ time {_f(now):>5} ] idle until {_f(start)}")
        done = schedule.stats[name].finish == end
        print(f"  [ time {_f(start):>5} ] run job {name} for {end - start:.2f}"
              + (f" ( done at {end:.2f} )" if done else ""))
        now = end
    print()
    print("Final statistics:")
    for t in tasks:
        st = schedule.stats[t.name]
        late = ""
        if policy == "edf" and st.lateness is not None:
            late = f"  lateness {st.lateness:.2f}"
        print(f"  job {t.name} -- response {st.response:.2f}  turnaround {st.turnaround:.2f}"
              f"  wait {st.wait:.2f}{late}")
    summary = schedule.summary()
    print()
    print(f"  average -- response {summary.avg_response:.2f}  turnaround "
          f"{summary.avg_turnaround:.2f}  wait {summary.avg_wait:.2f}")
    if policy == "edf" and summary.max_lateness is not None:
        print(f"  missed deadlines {summary.missed_deadlines}  max lateness "
              f"{summary.max_lateness:.2f}")


def _f(x):
    return str(x) if isinstance(x, int) else f"{x:g}"
