"""The exercise of 06_durable_queue (the atomic claim in SQL) and the live-run explorer."""

import time

import pytest

from kit.exercises import durable_queue as ex
from kit.widgets.store import LiveRun


def test_the_race_is_shown_step_by_step():
    result = ex.q1.check(ex._select_then_update)
    assert result.pitfall.name == "SELECT, then UPDATE, outside a transaction"
    assert result.case == (((0, None, 0),), "AB", ex.NOW, ex.UNTIL)
    assert result.error == "A believes it holds job 1, but the table says B"
    assert [(c.worker, c.got) for c in result.got] == [("A", 1), ("B", 1)]


# -- correct answers written differently ------------------------------------------------------

def in_one_immediate_transaction():
    return ["BEGIN IMMEDIATE",
            "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
            "COMMIT"]


def compare_and_set():
    return ["SELECT id FROM jobs WHERE visible_at <= :now AND NOT done ORDER BY id LIMIT 1",
            "UPDATE jobs SET visible_at = :until, worker = :worker "
            "WHERE id = :id AND visible_at <= :now AND done = 0 RETURNING id"]


def compare_and_set_with_changes():
    """The UPDATE says nothing; changes() tells whether it took the row."""
    return ["SELECT min(id) FROM jobs WHERE done = 0 AND visible_at <= :now",
            "UPDATE jobs SET worker = :worker, visible_at = :until "
            "WHERE id = :id AND done = 0 AND visible_at <= :now",
            "SELECT CASE changes() WHEN 1 THEN :id END"]


def in_subquery():
    return ["UPDATE jobs SET worker=:worker, visible_at=:until WHERE id IN "
            "(SELECT id FROM jobs WHERE done=0 AND visible_at<=:now ORDER BY id LIMIT 1) "
            "RETURNING id"]


@pytest.mark.parametrize("answer", [in_one_immediate_transaction, compare_and_set,
                                    compare_and_set_with_changes, in_subquery],
                         ids=lambda f: f.__name__)
def test_correct_answers_written_differently_pass(answer):
    result = ex.q1.check(answer)
    assert result, repr(result)


# -- wrong answers nobody declared ------------------------------------------------------------

UPDATE = "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = "
UNDECLARED = {
    "ordered by worker": [UPDATE + "(SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now "
                          "ORDER BY worker LIMIT 1) RETURNING id"],
    "the job that expired first": [UPDATE + "(SELECT id FROM jobs WHERE done = 0 AND "
                                   "visible_at <= :now ORDER BY visible_at, id LIMIT 1) "
                                   "RETURNING id"],
    "a held lease taken": [UPDATE + "(SELECT min(id) FROM jobs WHERE done = 0) RETURNING id"],
    "looked up by worker afterwards": [
        UPDATE + "(SELECT min(id) FROM jobs WHERE done = 0 AND visible_at <= :now)",
        "SELECT id FROM jobs WHERE worker = :worker ORDER BY id LIMIT 1"],
    "committed before the UPDATE": ["BEGIN IMMEDIATE", "SELECT min(id) FROM jobs WHERE done = 0 "
                                    "AND visible_at <= :now", "COMMIT", UPDATE + ":id"],
}


@pytest.mark.parametrize("label", UNDECLARED)
def test_undeclared_wrong_answers_fail(label):
    result = ex.q1.check(lambda: UNDECLARED[label])
    assert not result, f"the wrong answer '{label}' passed"


def test_a_plain_begin_fails_the_way_sqlite_refuses_it():
    result = ex.q1.check(ex._plain_begin)
    assert result.status == "crashed" and "SQLITE_BUSY_SNAPSHOT" in result.error
    assert result.pitfall is not None and result.pitfall.name == "a plain BEGIN"


def test_bad_answers_are_reported_not_raised_and_name_no_pitfall():
    result = ex.q1.check(lambda: ["SELEC id FROM jobs"])
    assert result.status == "crashed" and "syntax error" in result.error
    assert result.pitfall is None
    result = ex.q1.check(lambda: ["BEGIN IMMEDIATE", "SELEC 1", "COMMIT"])
    assert result.status == "crashed" and result.pitfall is None, repr(result)
    result = ex.q1.check(lambda: 42)
    assert result.status == "crashed" and "must return a list of SQL strings" in result.error
    result = ex.q1.check(lambda: ["SELECT :job"])
    assert result.status == "crashed" and "statement 1 failed for worker A" in result.error

    def unfinished():
        raise NotImplementedError

    assert ex.q1.check(unfinished).status == "not attempted"


def test_the_type_is_named_for_a_string_or_a_tuple():
    for wrong, kind in [(in_subquery()[0], "a str"), (tuple(compare_and_set()), "a tuple")]:
        result = ex.q1.check(lambda wrong=wrong: wrong)
        assert not result and f"must return a list of SQL strings, got {kind}" in result.error


def test_a_runaway_statement_is_interrupted():
    runaway = ["WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
               "SELECT count(*) FROM n"]
    started = time.perf_counter()
    result = ex.q1.check(lambda: runaway)
    assert result.status == "crashed" and "interrupted" in result.error
    assert time.perf_counter() - started < 5


# -- the explorer -----------------------------------------------------------------------------

def test_live_run_starts_kills_and_finishes():
    run = LiveRun(jobs=40, workers=2, work_seconds=0.01, lease_for=0.5)
    try:
        assert run.lines[0].startswith("Not started: 40 jobs waiting, 2 workers")
        assert "[Live run]" in run._repr_mimebundle_()["text/plain"]
        run.start()
        assert run.lines[0].startswith("t = ") and run.start_button.disabled
        run.kill_one()
        # the note follows the counts; the run may already have finished (fast workers)
        assert run.fleet.killed == 1 and any(line.startswith("killed w") for line in run.lines)
        deadline = time.monotonic() + 30
        while run.fleet.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        run.update()
        assert run.lines[-1] == "Finished: 40 of 40 jobs done or dead, 0 lost, 0 wrong results."
    finally:
        run.close()


def test_each_pitfall_is_named_by_its_own_answer():
    for pitfall in ex.q1.pitfalls:
        result = ex.q1.check(pitfall.answer)
        assert not result and result.pitfall is pitfall, (pitfall.name, repr(result))


def test_the_claims_run_at_more_than_one_clock():
    """The statement: :now is the one clock. The cases must make other clocks disagree with it
    (another lease length, a time between seconds, a :now past SQLite's own clock)."""
    clocks = {case[2:] for case in ex.q1.generated()}
    assert clocks == set(ex.CLOCKS), clocks
    rows = [row for case in ex.q1.generated() for row in case[0]]
    assert any(w is None and v > now for case in ex.q1.generated() for v, w, _ in case[0]
               for now in [case[2]]), "no delayed job nobody took is generated"
    assert any(w in ("A", "B") for _, w, _ in rows), "no lease of A or B themselves is generated"
