import heapq
import math
import random

import pytest

from kit import herd
from kit.backoff import RULES
from kit.herd import (
    BASE,
    CAP,
    CLIENTS,
    NET_MEAN,
    NET_SD,
    STRATEGIES,
    Experiment,
    Trial,
    aws_experiment,
    grid,
    occ_run,
    read_grid,
)

JITTERED = ("full", "equal", "decorrelated")


def streams_of(clients, seed):
    """Each client's own random stream, as the module docstring states it."""
    seeds = random.Random(seed)
    return [random.Random(seeds.getrandbits(64)) for _ in range(clients)]


def run_seeds(seed, runs):
    seeds = random.Random(seed)
    return [seeds.getrandbits(64) for _ in range(runs)]


def message_model(clients, strategy, base=BASE, cap=CAP, seed=0):
    """The naive model: every one of the four messages of an attempt is its own event, the way the
    published simulator moves them (read request, read reply, write request, write reply)."""
    rules = {"no_backoff": lambda *_: 0.0, "exponential": RULES["none"], "full": RULES["full"],
             "equal": RULES["equal"], "decorrelated": RULES["decorrelated"]}
    rule, streams = rules[strategy], streams_of(clients, seed)

    def delay(c):
        return abs(streams[c].gauss(NET_MEAN, NET_SD))

    events, seq = [], 0

    def send(at, kind, c, payload=None):
        nonlocal seq
        heapq.heappush(events, (at, seq, (kind, c, payload)))
        seq += 1

    for c in range(clients):
        send(delay(c), "server reads", c)
    version, calls, now = 0, 0, 0.0
    attempt, previous = [0] * clients, [None] * clients
    while events:
        at, _, (kind, c, payload) = heapq.heappop(events)
        assert at >= now  # time never runs backwards
        now = at
        if kind == "server reads":
            send(now + delay(c), "client gets version", c, version)
        elif kind == "client gets version":
            send(now + delay(c), "server writes", c, payload)
        elif kind == "server writes":
            calls += 1
            won = payload == version
            version += won
            send(now + delay(c), "client gets answer", c, won)
        elif not payload:  # the client lost: sleep, then read again
            attempt[c] += 1
            travel = delay(c)  # drawn before the sleep, as in the published simulator
            previous[c] = rule(attempt[c], base, cap, streams[c].random, previous[c])
            send(now + travel + previous[c], "server reads", c)
    assert version == clients  # every client wrote exactly once
    return Trial(calls, now)  # the last event: the last client hears that it won


# --- the event loop against the naive model and by hand -------------------------------------------

@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_two_event_loop_equals_the_four_message_model_exactly(strategy):
    for clients in (1, 2, 3, 5, 8, 13, 40):
        for seed in range(4):
            assert occ_run(clients, strategy, seed=seed) == message_model(clients, strategy,
                                                                          seed=seed)


@pytest.mark.parametrize("strategy", ["exponential", "full", "decorrelated"])
def test_equal_to_the_naive_model_for_other_base_and_cap(strategy):
    for base, cap in [(1.0, 50.0), (20.0, 30.0), (0.0, 10.0), (5.0, 0.0)]:
        for seed in range(3):
            assert (occ_run(25, strategy, base, cap, seed)
                    == message_model(25, strategy, base, cap, seed))


def four_delays(stream):
    return [abs(stream.gauss(NET_MEAN, NET_SD)) for _ in range(4)]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_one_client_writes_once_after_four_messages(strategy):
    for seed in range(5):
        (stream,) = streams_of(1, seed)
        read_request, read_reply, write_request, write_reply = four_delays(stream)
        expected = ((read_request + read_reply) + write_request) + write_reply
        assert occ_run(1, strategy, seed=seed) == Trial(1, expected)


def test_two_clients_by_hand():
    """Two clients, exponential backoff. Both reads reach the row (one message each) long before
    either write (three messages), so both read version 0. The earlier write wins; the loser
    hears so, sleeps 2 * base (its first failure), reads version 1 and wins alone: three calls."""
    for seed in range(40):
        a, b = (four_delays(s) + [s] for s in streams_of(2, seed))
        writes = [a[0] + a[1] + a[2], b[0] + b[1] + b[2]]
        assert max(a[0], b[0]) < min(writes)  # both read version 0
        done = [writes[0] + a[3], writes[1] + b[3]]
        first, second = (0, 1) if writes[0] < writes[1] else (1, 0)
        stream = (a, b)[second][4]  # the loser's stream, four draws in
        back = done[second] + abs(stream.gauss(NET_MEAN, NET_SD)) + 2 * BASE
        reply, request, answer = four_delays(stream)[:3]
        expected = Trial(3, max(done[first], ((back + reply) + request) + answer))
        assert occ_run(2, "exponential", seed=seed) == expected, seed


def test_every_client_writes_at_least_once_and_time_covers_four_messages():
    for strategy in STRATEGIES:
        for clients in (1, 7, 30):
            result = occ_run(clients, strategy, seed=11)
            assert result.calls >= clients
            assert result.time > 0


def test_exponential_with_no_room_to_sleep_is_no_backoff():
    # cap 0 or base 0: every exponential sleep is 0 and no draw is made, so the runs coincide
    for seed in range(3):
        plain = occ_run(30, "no_backoff", seed=seed)
        assert occ_run(30, "exponential", cap=0.0, seed=seed) == plain
        assert occ_run(30, "exponential", base=0.0, seed=seed) == plain


def test_the_first_retry_already_waits_two_bases():
    # two clients, one loser: with a base this large the loser finishes last, and the base moves
    # nothing but its one sleep, which is 2 * base (the published numbering), not base
    losers = [seed for seed in range(20) if occ_run(2, "exponential", seed=seed).calls == 3]
    assert losers
    for seed in losers:
        slow = occ_run(2, "exponential", base=1000.0, seed=seed)
        fast = occ_run(2, "exponential", base=500.0, seed=seed)
        assert math.isclose(slow.time - fast.time, 2 * (1000.0 - 500.0))


# --- determinism and the averaging ----------------------------------------------------------------

@pytest.mark.parametrize("strategy", STRATEGIES)
def test_deterministic_by_seed(strategy):
    first = aws_experiment(30, strategy, runs=4, seed=7)
    assert aws_experiment(30, strategy, runs=4, seed=7) == first
    assert isinstance(first, Experiment)
    assert aws_experiment(30, strategy, runs=4, seed=8) != first


def test_a_run_is_an_occ_run_with_the_documented_seed_and_the_mean_is_plain():
    seeds = run_seeds(5, 3)
    runs = [occ_run(20, "full", seed=s) for s in seeds]
    got = aws_experiment(20, "full", runs=3, seed=5)
    assert got == Experiment(sum(r.calls for r in runs) / 3, sum(r.time for r in runs) / 3)
    # the first run does not depend on how many follow
    assert aws_experiment(20, "full", runs=1, seed=5) == Experiment(*runs[0])


def test_grid_is_aws_experiment_per_point():
    table = grid(clients=[5, 10], strategies=["full", "no_backoff"], runs=2, seed=3)
    assert table == {s: [aws_experiment(n, s, runs=2, seed=3) for n in (5, 10)]
                     for s in ("full", "no_backoff")}


# --- the published result, as properties over fixed seeds -----------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_published_ordering_from_twenty_clients_up(seed):
    for clients in (20, 30, 60, 120):
        p = {s: aws_experiment(clients, s, runs=5, seed=seed) for s in STRATEGIES}
        others = [s for s in STRATEGIES if s != "no_backoff"]
        assert all(p["no_backoff"].time < p[s].time for s in others), (clients, p)
        assert all(p["exponential"].time > p[s].time for s in STRATEGIES if s != "exponential")
        for s in JITTERED:
            assert p[s].calls < p["no_backoff"].calls, (clients, s, p)
            assert p[s].calls < p["exponential"].calls, (clients, s, p)


# --- the stored 100-run grid ----------------------------------------------------------------------

def test_the_stored_grid_covers_the_published_experiment():
    table = read_grid()
    assert list(table) == list(STRATEGIES)
    assert all(sorted(row) == list(CLIENTS) for row in table.values())
    assert CLIENTS == tuple(range(10, 200, 10))


def test_write_grid_then_read_grid_gives_back_the_same_floats(tmp_path):
    path = tmp_path / "grid.csv"
    herd.write_grid(path, clients=[3, 6], strategies=["decorrelated", "exponential"], runs=3,
                    seed=4)
    table = grid([3, 6], ["decorrelated", "exponential"], runs=3, seed=4)
    assert read_grid(path) == {s: dict(zip([3, 6], row, strict=True)) for s, row in table.items()}


@pytest.mark.parametrize("strategy, clients", [("no_backoff", 10), ("exponential", 20),
                                               ("full", 50), ("equal", 10),
                                               ("decorrelated", 30)])
def test_stored_points_are_reproduced_exactly(strategy, clients):
    assert read_grid()[strategy][clients] == aws_experiment(clients, strategy, runs=100, seed=0)


def test_the_stored_grid_shows_the_published_ordering():
    table = read_grid()
    for n in CLIENTS[1:]:
        p = {s: table[s][n] for s in STRATEGIES}
        assert min(STRATEGIES, key=lambda s: p[s].time) == "no_backoff", n
        assert max(STRATEGIES, key=lambda s: p[s].time) == "exponential", n
        assert all(p[s].calls < min(p["no_backoff"].calls, p["exponential"].calls)
                   for s in JITTERED), n


# --- bad input: the error names the argument and the value ----------------------------------------

GOOD = {"clients": 3, "strategy": "full", "runs": 2, "seed": 0, "base": 5.0, "cap": 2000.0}
BAD = [
    ("clients", 0, ValueError), ("clients", -4, ValueError), ("clients", 2.5, TypeError),
    ("clients", True, TypeError), ("clients", "10", TypeError), ("clients", None, TypeError),
    ("strategy", "none", ValueError), ("strategy", "Full", ValueError),
    ("strategy", 3, ValueError), ("strategy", None, ValueError), ("strategy", ["full"], ValueError),
    ("runs", 0, ValueError), ("runs", 2.0, TypeError), ("runs", True, TypeError),
    ("seed", 1.5, TypeError), ("seed", None, TypeError), ("seed", False, TypeError),
    ("base", -1.0, ValueError), ("base", math.nan, ValueError), ("base", math.inf, ValueError),
    ("base", "5", TypeError), ("base", True, TypeError),
    ("cap", -0.5, ValueError), ("cap", math.nan, ValueError), ("cap", math.inf, ValueError),
    ("cap", None, TypeError),
]


@pytest.mark.parametrize("name, value, error", BAD)
def test_aws_experiment_rejects_bad_input(name, value, error):
    with pytest.raises(error) as info:
        aws_experiment(**{**GOOD, name: value})
    assert name in str(info.value) and repr(value) in str(info.value)


@pytest.mark.parametrize("name, value, error", [b for b in BAD if b[0] != "runs"])
def test_occ_run_rejects_bad_input(name, value, error):
    args = {k: v for k, v in GOOD.items() if k != "runs"}
    with pytest.raises(error) as info:
        occ_run(**{**args, name: value})
    assert name in str(info.value) and repr(value) in str(info.value)


@pytest.mark.parametrize("clients, error", [([10, 0], ValueError), ([10, 2.5], TypeError)])
def test_grid_rejects_bad_client_counts(clients, error):
    with pytest.raises(error, match="clients"):
        grid(clients=clients, runs=1)


def test_strategies_reuse_the_kit_jitter_rules():
    assert herd.STRATEGIES["exponential"] is RULES["none"]
    assert all(herd.STRATEGIES[s] is RULES[s] for s in JITTERED)


# --- the explorer ---------------------------------------------------------------------------------

def test_aws_explorer_readout_follows_the_controls():
    from kit.widgets.backoff import AwsExplorer

    explorer = AwsExplorer(clients=40, runs=2, strategies=("exponential", "full"))
    text = explorer._repr_mimebundle_()["text/plain"]
    assert text.startswith("[AWS experiment explorer]\n10 to 40 clients, base 5, cap 2000, 2 "
                           "run(s)")
    full = aws_experiment(40, "full", runs=2, seed=0)
    assert f"full jitter at 40 clients: {full.calls:,.0f} calls" in text
    assert len(explorer.lines) == 4 and explorer.lines[1].startswith("exponential, no jitter")
    assert bytes(explorer.picture.value[:4]) == b"\x89PNG"
    assert explorer.status.value == ""
    explorer.base.value = 20.0  # not stored: computed in the background, with a sign meanwhile
    assert "computing base 20" in explorer.status.value
    assert "base 5," in explorer.lines[0]  # the readout stays the picture's until it is redrawn
    explorer.wait(60)
    assert explorer.status.value == "" and "base 20," in explorer.lines[0]
    full = aws_experiment(40, "full", runs=2, seed=0, base=20.0)
    assert f"full jitter at 40 clients: {full.calls:,.0f} calls" in explorer.lines[2]
    explorer.chosen["exponential"].value = explorer.chosen["full"].value = False
    assert explorer.lines[-1] == "Pick at least one strategy."


def test_aws_explorer_newest_settings_win():
    """Settings changed while older ones are still computing: the older job gives up, the picture
    shows the newest settings, and the runs kept are the same as computed from scratch."""
    from kit.widgets.backoff import AwsExplorer

    explorer = AwsExplorer(clients=60, runs=3, strategies=("full", "no_backoff"))
    for base in (30.0, 40.0, 50.0):
        explorer.base.value = base
    explorer.cap.value = 300.0
    explorer.wait(60)
    assert "base 50, cap 300" in explorer.lines[0] and explorer.status.value == ""
    for (strategy, n, base, cap), runs in explorer.runs_done.items():
        if runs and (base, cap) != (herd.BASE, herd.CAP):
            assert runs == [herd.occ_run(n, strategy, base, cap, s)
                            for s in herd.run_seeds(0, len(runs))], (strategy, n, base, cap)
    least = aws_experiment(60, "full", runs=3, seed=0, base=50.0, cap=300.0)
    assert f"full jitter at 60 clients: {least.calls:,.0f} calls" in explorer.lines[2]


def test_the_stored_runs_are_the_experiment():
    """kit/herd_runs.csv holds every run the explorer shows by default: its prefix means are
    aws_experiment to the last bit (a sample of the grid; `python -m kit.herd` rewrites it)."""
    stored = herd.read_runs()
    assert set(stored) == {(s, n) for s in herd.STRATEGIES for n in herd.RUNS_CLIENTS}
    assert all(len(runs) == herd.RUNS_MAX for runs in stored.values())
    for strategy, n, k in [("no_backoff", 10, 1), ("full", 200, 20), ("decorrelated", 70, 7),
                           ("exponential", 130, 3), ("equal", 40, 20)]:
        assert herd.mean(stored[strategy, n][:k]) == aws_experiment(n, strategy, runs=k)


def test_grid_serves_stored_points_bit_for_bit():
    """What the notebook draws with `grid(CLIENTS, runs=10)` comes from the stored runs; it is
    what computing every run gives."""
    clients = [10, 60, 190]
    table = grid(clients, runs=10)
    assert table == {s: [aws_experiment(n, s, runs=10) for n in clients] for s in herd.STRATEGIES}
    assert grid([15], ["full"], runs=2) == {"full": [aws_experiment(15, "full", runs=2)]}


def test_stored_runs_out_of_order_are_refused(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("strategy,clients,run,calls,time\nfull,10,1,12,100.0\n")
    with pytest.raises(ValueError, match="out of order"):
        herd.read_runs(path)
