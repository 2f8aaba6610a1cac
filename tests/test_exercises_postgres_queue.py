"""The exercise of 06b_postgres_queue: the SKIP LOCKED claim, on two real connections to the
server the suite starts itself (fixture `pg_dsn`), interleaved step by step."""

import pytest

from kit.exercises import postgres_queue as ex


@pytest.fixture(scope="module", autouse=True)
def server(pg_dsn):
    ex.use_server(pg_dsn)
    yield
    ex._close_harness()


def test_the_reference_passes_and_the_classic_race_is_shown():
    assert ex.q1.check(ex.claim_sql)
    result = ex.q1.check(ex.q1.pitfalls[1].answer)  # no FOR UPDATE at all
    assert result.pitfall.name == "no FOR UPDATE at all"
    assert result.error == "A believes it holds job 1, but the table says B"


def test_waiting_for_a_lock_is_named():
    result = ex.q1.check(ex.q1.pitfalls[0].answer)
    assert result.pitfall.name == "FOR UPDATE without SKIP LOCKED"
    assert "waited for the other worker's row lock" in result.error


# -- correct answers written differently ------------------------------------------------------

def select_for_update_then_update():
    return ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 "
            "FOR UPDATE SKIP LOCKED",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"]


def in_subquery_with_cte():
    return ["WITH pick AS (SELECT id FROM jobs WHERE visible_at <= :now AND NOT done::boolean "
            "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) "
            "UPDATE jobs SET visible_at = :until, worker = :worker "
            "WHERE id IN (SELECT id FROM pick) RETURNING id"]


@pytest.mark.parametrize("answer", [select_for_update_then_update, in_subquery_with_cte],
                         ids=lambda f: f.__name__)
def test_correct_answers_written_differently_pass(answer):
    result = ex.q1.check(answer)
    assert result, repr(result)


# -- wrong answers nobody declared ------------------------------------------------------------

UPDATE = "UPDATE jobs SET worker = :worker, visible_at = :until WHERE "
UNDECLARED = {
    "the job that expired first": [UPDATE + "id = (SELECT id FROM jobs WHERE done = 0 AND "
                                   "visible_at <= :now ORDER BY visible_at, id LIMIT 1 "
                                   "FOR UPDATE SKIP LOCKED) RETURNING id"],
    "an advisory lock that gives up": [UPDATE + "id = (SELECT min(id) FROM jobs WHERE done = 0 "
                                       "AND visible_at <= :now) AND pg_try_advisory_xact_lock(id)"
                                       " RETURNING id"],
    "locks every free row": ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now "
                             "ORDER BY id FOR UPDATE SKIP LOCKED",
                             UPDATE + "id = :id RETURNING id"],
    "a held lease taken": [UPDATE + "id = (SELECT id FROM jobs WHERE done = 0 ORDER BY id "
                           "LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id"],
    "the worker's own expired lease left out": [
        UPDATE + "id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now AND worker IS "
        "DISTINCT FROM :worker ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id"],
    "a delayed job nobody took counted free": [
        UPDATE + "id = (SELECT id FROM jobs WHERE done = 0 AND (worker IS NULL OR visible_at <= "
        ":now) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id"],
    "committed before the UPDATE": ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now "
                                    "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", "COMMIT",
                                    UPDATE + "id = :id RETURNING id"],
}


@pytest.mark.parametrize("label", UNDECLARED)
def test_undeclared_wrong_answers_fail(label):
    result = ex.q1.check(lambda: UNDECLARED[label])
    assert not result, f"the wrong answer '{label}' passed"


def test_bad_answers_are_reported_not_raised():
    result = ex.q1.check(lambda: ["SELEC id FROM jobs"])
    assert result.status == "crashed" and "statement 1 of worker A" in result.error
    assert result.pitfall is None
    result = ex.q1.check(lambda: "UPDATE jobs SET worker = :worker")
    assert result.status == "crashed" and "must return a list of SQL strings, got a str" \
        in result.error
    result = ex.q1.check(lambda: ["SELECT pg_sleep(30)"])
    assert result.status == "crashed" and "ran over" in result.error

    def unfinished():
        raise NotImplementedError

    assert ex.q1.check(unfinished).status == "not attempted"
    assert ex.q1.check(ex.claim_sql), "the harness is usable after a bad answer"


def test_use_server_names_a_bad_dsn():
    with pytest.raises(ValueError, match="dsn must be a PostgreSQL connection string, got 42"):
        ex.use_server(42)


def test_without_a_server_the_check_says_so_in_one_line(monkeypatch, pg_dsn):
    from kit import pgqueue

    def missing():
        raise pgqueue.ServerMissing("PostgreSQL's server (initdb, pg_ctl) is not installed")

    ex._close_harness()
    monkeypatch.setattr(ex, "_server", {})
    monkeypatch.delenv("KIT_PG_DSN", raising=False)
    monkeypatch.setattr(pgqueue, "server_binaries", missing)
    result = ex.q1.check(ex.claim_sql)
    assert result.status == "crashed" and "\n" not in result.error
    assert "needs a PostgreSQL server and none could be started here" in result.error
    monkeypatch.undo()
    ex.use_server(pg_dsn)
