"""kit.sim_cli: the OSTEP-style simulator, called as main([...]) with its output captured."""

import re

import pytest

from kit.policies import POLICIES, Task, simulate
from kit.sim_cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_problem_echoes_arguments_and_asks_without_answers(capsys):
    code, out, _ = run(capsys, "-p", "fifo", "-l", "6,8,7,3")
    assert code == 0
    assert out.startswith("ARG policy fifo\nARG jlist 6,8,7,3\n")
    assert "  job 0: length 6\n  job 1: length 8\n  job 2: length 7\n  job 3: length 3\n" in out
    assert "Work out the response time, turnaround time and wait time" in out
    assert "-c" in out
    assert "** Solution **" not in out and "average --" not in out


def test_fifo_and_sjf_answers_on_6_8_7_3(capsys):
    _, out, _ = run(capsys, "-p", "fifo", "-l", "6,8,7,3", "-c")
    assert "  [ time     0 ] run job 0 for 6.00 ( done at 6.00 )" in out
    assert "  [ time    21 ] run job 3 for 3.00 ( done at 24.00 )" in out
    assert "  job 3 -- response 21.00  turnaround 24.00  wait 21.00" in out
    assert "  average -- response 10.25  turnaround 16.25  wait 10.25" in out
    _, out, _ = run(capsys, "-p", "SJF", "-l", "6,8,7,3", "-c")
    assert "ARG policy sjf" in out
    assert "  [ time     0 ] run job 3 for 3.00 ( done at 3.00 )" in out
    assert "  average -- response 7.00  turnaround 13.00  wait 7.00" in out


def test_round_robin_answers(capsys):
    _, out, _ = run(capsys, "-p", "rr", "-q", "1", "-l", "6,8,7,3", "-c")
    assert "ARG quantum 1" in out
    trace = [line for line in out.splitlines() if line.startswith("  [ time")]
    assert len(trace) == 24 and trace[1] == "  [ time     1 ] run job 1 for 1.00"
    assert "  job 0 -- response 0.00  turnaround 19.00  wait 13.00" in out
    assert "  average -- response 1.50  turnaround 19.50  wait 13.50" in out
    _, out, _ = run(capsys, "-p", "rr", "-q", "2", "-l", "3,3", "-c")
    assert [line for line in out.splitlines() if line.startswith("  [ time")] == [
        "  [ time     0 ] run job 0 for 2.00", "  [ time     2 ] run job 1 for 2.00",
        "  [ time     4 ] run job 0 for 1.00 ( done at 5.00 )",
        "  [ time     5 ] run job 1 for 1.00 ( done at 6.00 )"]


def test_same_seed_same_problem(capsys):
    _, first, _ = run(capsys, "-p", "rr", "-j", "5", "-s", "3")
    _, again, _ = run(capsys, "-p", "rr", "-j", "5", "-s", "3")
    _, other, _ = run(capsys, "-p", "rr", "-j", "5", "-s", "4")
    assert first == again and first != other
    assert "ARG jobs 5\nARG maxlen 10\nARG seed 3\n" in first


def test_random_lengths_are_drawn_like_ostep(capsys):
    # int(maxlen * random()) + 1 from random.Random(100): 2, 5, 8 for the first three draws
    _, out, _ = run(capsys, "-p", "fifo", "-j", "3", "-s", "100")
    assert "  job 0: length 2\n  job 1: length 5\n  job 2: length 8\n" in out
    # the same lengths whatever the policy: priorities and deadlines are drawn afterwards
    _, out, _ = run(capsys, "-p", "priority", "-j", "3", "-s", "100", "-m", "10")
    assert "  job 0: length 2  priority" in out and "  job 2: length 8  priority" in out


def test_arrivals_show_idle_time(capsys):
    _, out, _ = run(capsys, "-p", "fifo", "-l", "1,2", "-a", "0,5", "-c")
    assert "ARG arrivals 0,5" in out and "  job 1: length 2  arrival 5" in out
    assert "  [ time     1 ] idle until 5" in out
    assert "  job 1 -- response 0.00  turnaround 2.00  wait 0.00" in out


def test_priority_and_edf_show_their_inputs(capsys):
    _, out, _ = run(capsys, "-p", "priority", "-l", "2,2,2", "-P", "3,1,2", "-c")
    assert "  job 1: length 2  priority 1 (1 runs first)" in out
    assert "  [ time     0 ] run job 1 for 2.00 ( done at 2.00 )" in out
    _, out, _ = run(capsys, "-p", "edf", "-l", "3,1", "-D", "10,1", "-c")
    assert "  job 1: length 1  deadline 1" in out
    assert "  job 0 -- response 1.00  turnaround 4.00  wait 1.00  lateness -6.00" in out
    assert "  missed deadlines 0  max lateness 0.00" in out


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_matches_simulate(capsys, policy):
    argv = ["-p", policy, "-l", "5,1,3,2", "-a", "0,1,1,4", "-P", "2,1,3,1", "-D", "9,3,8,7",
            "-q", "2", "-c"]
    _, out, _ = run(capsys, *argv)
    tasks = [Task(str(k), a, d, p, dl) for k, (a, d, p, dl) in
             enumerate(zip([0, 1, 1, 4], [5, 1, 3, 2], [2, 1, 3, 1], [9, 3, 8, 7], strict=True))]
    summary = simulate(tasks, policy, 2).summary()
    assert (f"  average -- response {summary.avg_response:.2f}  turnaround "
            f"{summary.avg_turnaround:.2f}  wait {summary.avg_wait:.2f}") in out


def test_mlfq_options(capsys):
    code, out, _ = run(capsys, "-p", "mlfq", "-l", "20,2", "-a", "0,5", "-n", "2", "-B", "8",
                       "-c")
    assert code == 0
    assert "ARG levels 2\nARG boost 8\n" in out
    # job 1 arrives on top and preempts the sunk job 0 for one quantum; after it drops a level,
    # job 0 (queued there first) runs until the boost at 8 puts both on top, job 1 first
    assert [line for line in out.splitlines() if line.startswith("  [ time")] == [
        "  [ time     0 ] run job 0 for 5.00", "  [ time     5 ] run job 1 for 1.00",
        "  [ time     6 ] run job 0 for 2.00",
        "  [ time     8 ] run job 1 for 1.00 ( done at 9.00 )",
        "  [ time     9 ] run job 0 for 13.00 ( done at 22.00 )"]


@pytest.mark.parametrize("argv, message", [
    (["-p", "lifo"], r"-p must be one of fifo, .*, got 'lifo'"),
    (["-q", "0", "-p", "rr"], r"quantum must be > 0, got 0"),
    (["-q", "x"], r"argument -q/--quantum: not a number: 'x'"),
    (["-l", "1,x"], r"-l must be comma-separated numbers, got '1,x'"),
    (["-l", "1,0"], r"duration of task '1' must be > 0, got 0"),
    (["-l", "1,2", "-a", "0"], r"-a must give 2 values \(one per job\), got '0'"),
    (["-j", "0"], r"-j and -m must be >= 1, got -j 0 -m 10"),
    (["-l", "1", "-j", "2"], r"argument -j/--jobs: not allowed with argument -l/--jlist"),
    (["-p", "mlfq", "-n", "0"], r"levels must be >= 1, got 0"),
    # an empty list is a mistake, never "no list given" (it used to run 3 random jobs)
    (["-l", ""], r"-l must be comma-separated numbers, got ''"),
    (["-l", "1,,2"], r"-l must be comma-separated numbers, got '1,,2'"),
    (["-l", "2", "-a", ""], r"-a must be comma-separated numbers, got ''"),
    (["-j", "2", "-P", ""], r"-P must be comma-separated numbers, got ''"),
    (["-j", "2", "-D", " "], r"-D must be comma-separated numbers, got ' '"),
    (["-l", "nan"], r"duration of task '0' must be finite, got nan"),
    (["-p", "rr", "-q", "inf"], r"quantum must be finite, got inf"),
    # options of another policy are not silently dropped
    (["-p", "fifo", "-n", "2"], r"-n and -B apply to -p mlfq only, got -p fifo"),
    (["-p", "rr", "-B", "5"], r"-n and -B apply to -p mlfq only, got -p rr"),
])
def test_bad_arguments(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("usage: python -m kit sim")
    assert re.search(message, err), err


def test_help(capsys):
    code, out, _ = run(capsys, "-h")
    assert code == 0 and "-p POLICY" in out and "-c, --compute" in out


def test_an_empty_list_for_arrivals_is_echoed_only_when_given(capsys):
    _, out, _ = run(capsys, "-l", "1")
    assert "ARG arrivals" not in out and "arrival 0" not in out


@pytest.mark.parametrize("compute", [[], ["-c"]])
def test_a_closed_pipe_ends_quietly(compute):
    """`python -m kit sim -j 100000 | head`: the reader leaves early; no traceback, no noise."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "kit", "sim", "-j", "100000", *compute],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = [proc.stdout.readline() for _ in range(10)]
    proc.stdout.close()  # what head does after ten lines
    err = proc.stderr.read()
    code = proc.wait(timeout=120)
    assert head[0] == b"ARG policy fifo\n"
    assert err == b"", err.decode()
    assert code == 141


def test_a_closed_pipe_in_a_shell_pipeline_prints_nothing_on_stderr(tmp_path):
    import shlex
    import subprocess
    import sys

    command = f"{shlex.quote(sys.executable)} -m kit sim -j 100000 | head -n 3"
    done = subprocess.run(["bash", "-c", command], capture_output=True, timeout=120)
    assert done.stdout.decode().splitlines() == ["ARG policy fifo", "ARG jobs 100000",
                                                 "ARG maxlen 10"]
    assert done.stderr == b""
