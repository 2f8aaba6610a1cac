"""kit.fair: deficit round robin, against a naive model and its fairness bound."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.fair import Service, deficit_round_robin, shares

FAST = settings(max_examples=150, deadline=None, derandomize=True, database=None)


def naive_drr(queues, weights, quantum, rounds=None):
    """Each round, each tenant with work left takes the longest prefix of its remaining queue
    whose total fits in (leftover + quantum * weight); the leftover is forfeited when it empties.
    Returns [(round, tenant, job index)]."""
    pos = dict.fromkeys(queues, 0)
    left = dict.fromkeys(queues, 0)
    out, r = [], 0
    while any(pos[t] < len(q) for t, q in queues.items()) and (rounds is None or r < rounds):
        r += 1
        for t, q in queues.items():
            if pos[t] == len(q):
                continue
            budget = left[t] + quantum * weights.get(t, 1)
            take = max(k for k in range(pos[t], len(q) + 1) if sum(q[pos[t]:k]) <= budget)
            out += [(r, t, k) for k in range(pos[t], take)]
            left[t] = 0 if take == len(q) else budget - sum(q[pos[t]:take])
            pos[t] = take
    return out


@st.composite
def backlogs(draw, min_jobs=0, max_jobs=12):
    tenants = draw(st.lists(st.sampled_from("abcdef"), min_size=1, max_size=4, unique=True))
    queues = {t: draw(st.lists(st.integers(1, 10), min_size=min_jobs, max_size=max_jobs))
              for t in tenants}
    weights = {t: draw(st.sampled_from([1, 2, 3, 0.5])) for t in tenants}
    quantum = draw(st.sampled_from([None, 1, 3, 5, 10]))
    return queues, weights, quantum


@FAST
@given(backlogs(), st.none() | st.integers(0, 6))
def test_matches_the_naive_model(backlog, rounds):
    queues, weights, quantum = backlog
    q = quantum or max((s for jobs in queues.values() for s in jobs), default=1)
    got = deficit_round_robin(queues, weights, quantum, rounds)
    assert [(s.round, s.tenant, s.job) for s in got] == naive_drr(queues, weights, q, rounds)


@FAST
@given(backlogs())
def test_trace_serves_every_job_once_back_to_back_in_queue_order(backlog):
    queues, weights, quantum = backlog
    trace = deficit_round_robin(queues, weights, quantum)
    assert sorted((s.tenant, s.job) for s in trace) == sorted(
        (t, k) for t, jobs in queues.items() for k in range(len(jobs)))
    now = 0
    for s in trace:
        assert (s.start, s.end, s.size) == (now, now + queues[s.tenant][s.job],
                                            queues[s.tenant][s.job])
        now = s.end
    for t in queues:
        assert [s.job for s in trace if s.tenant == t] == list(range(len(queues[t])))


@FAST
@given(backlogs(min_jobs=1, max_jobs=40))
def test_share_stays_within_one_max_job_of_its_weight(backlog):
    # while a tenant is backlogged through round k: k*Q*w - max_job < served <= k*Q*w
    queues, weights, quantum = backlog
    q = quantum or max(s for jobs in queues.values() for s in jobs)
    biggest = max(s for jobs in queues.values() for s in jobs)
    trace = deficit_round_robin(queues, weights, quantum)
    last_round = max(s.round for s in trace)
    for t in queues:
        served, k_done = 0, {}
        for s in trace:
            if s.tenant == t:
                served += s.size
                k_done[s.round] = served
        finished = max(k_done)  # the round that emptied t's queue
        total = 0
        for k in range(1, min(finished, last_round + 1)):  # backlogged through round k
            total = k_done.get(k, total)
            assert k * q * weights[t] - biggest < total <= k * q * weights[t]


def test_long_backlog_shares_converge_to_weights():
    sizes = [1, 9, 4, 7, 2, 10, 3]  # very different job sizes
    queues = {"small": [1] * 5000, "mixed": sizes * 700, "big": [10] * 500}
    weights = {"small": 1, "mixed": 2, "big": 3}
    trace = deficit_round_robin(queues, weights, quantum=10)
    for k in (10, 100, 150):
        got = shares(trace, until_round=k)
        for t, w in weights.items():
            # each tenant is within one max job (10) of k*10*w, so shares are within 10*3/(k*60)
            assert abs(got[t] - w / 6) <= 3 * 10 / (k * 10 * 6), (k, t)


def test_by_hand_big_jobs_do_not_win_more_work():
    # plain round robin would serve a's 3 and b's 1 alternately: a gets 3/4 of the worker
    trace = deficit_round_robin({"a": [3, 3, 3], "b": [1] * 9}, quantum=3)
    assert [(s.round, s.tenant, s.job) for s in trace] == [
        (1, "a", 0), (1, "b", 0), (1, "b", 1), (1, "b", 2),
        (2, "a", 1), (2, "b", 3), (2, "b", 4), (2, "b", 5),
        (3, "a", 2), (3, "b", 6), (3, "b", 7), (3, "b", 8)]
    assert shares(trace, until_round=1) == {"a": 0.5, "b": 0.5}
    assert trace[-1] == Service(3, "b", 8, 1, 17, 18)


def test_deficit_carries_over_between_rounds():
    # quantum 2: a's job of 3 waits for a second round of credit (4), which also pays for its 1
    trace = deficit_round_robin({"a": [3, 1], "b": [2, 2, 2]}, quantum=2)
    assert [(s.round, s.tenant) for s in trace] == [(1, "b"), (2, "a"), (2, "a"), (2, "b"),
                                                    (3, "b")]
    # b's 5s: credit 3, then 6 (send, 1 left), then 4, then 7 (send)
    trace = deficit_round_robin({"a": [1], "b": [5, 5]}, quantum=3)
    assert [(s.round, s.tenant) for s in trace] == [(1, "a"), (2, "b"), (4, "b")]


def test_rounds_limit_and_empty_input():
    assert deficit_round_robin({}) == []
    assert deficit_round_robin({"a": []}) == []
    assert len(deficit_round_robin({"a": [1] * 10}, quantum=2, rounds=3)) == 6
    assert deficit_round_robin({"a": [1]}, rounds=0) == []
    assert shares([]) == {}


@pytest.mark.parametrize("args, exc, match", [
    (([1, 2],), TypeError, r"queues must be a dict .*, got \[1, 2\]"),
    (({"a": 5},), TypeError, r"queues\['a'\] must be a list of job sizes, got 5"),
    (({"a": [1, 0]},), ValueError, r"job size in queues\['a'\] must be > 0, got 0"),
    (({"a": [1, "x"]},), TypeError, r"job size in queues\['a'\] must be a number, got 'x'"),
    (({"a": [1]}, {"a": 0}), ValueError, r"weights\['a'\] must be > 0, got 0"),
    (({"a": [1]}, {"b": 1}), ValueError, r"weights names tenant 'b', which has no queue"),
    (({"a": [1]}, [1]), TypeError, r"weights must be a dict .*, got \[1\]"),
    (({"a": [1]}, None, 0), ValueError, r"quantum must be > 0, got 0"),
    (({"a": [1]}, None, None, -1), ValueError, r"rounds must be >= 0, got -1"),
    (({"a": [1]}, None, None, 1.5), TypeError, r"rounds must be an int, got 1.5"),
    (({"a": [1, float("inf")]},), ValueError, r"job size in queues\['a'\] must be finite"),
])
def test_bad_input(args, exc, match):
    with pytest.raises(exc, match=match):
        deficit_round_robin(*args)
