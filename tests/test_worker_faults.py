"""A poison job among good ones: the kit worker fails that attempt (the error kept with the job),
the queue retries it with backoff and dead-letters it at max_attempts, and the fleet finishes
every good job. (Server restarts and outages: tests/test_crash_server.py.)"""

import os
import tempfile

from kit.durable_worker import Fleet, open_queue, run_worker, setup, summary


def test_a_poison_job_is_dead_lettered_and_the_fleet_goes_on():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "q.db")
        setup(path, 60, max_attempts=3)
        with open_queue(path, max_attempts=3) as q:
            q.put("poison", payload="x")  # work("x") is "x" * "x": TypeError
            q.put("huge", payload=2**40)  # its result does not fit the results table
        with Fleet(path, work_seconds=0, max_attempts=3, max_seconds=60) as fleet:
            fleet.start(3)
            codes = fleet.wait(60)
            errors = fleet.errors()
        assert codes == {"w1": 0, "w2": 0, "w3": 0} and errors == ""
        end = summary(path, max_attempts=3)
        assert (end.done, end.dead, end.live, end.lost, end.wrong_values) == (60, 2, 0, 0, 0)
        with open_queue(path, max_attempts=3) as q:
            dead = {d.job: d for d in q.dead_letters}
        assert dead["poison"].attempts == 3 and dead["poison"].reason == "fail"
        assert dead["poison"].error.startswith("TypeError: can't multiply sequence")
        assert dead["huge"].error.startswith("OverflowError")


def test_a_handler_that_raises_fails_the_attempt_in_process():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "q.db")
        setup(path, 5, max_attempts=2, retry_base=0)

        def handler(payload):
            if payload == 3:
                raise KeyError(payload)
            return payload

        done = run_worker(path, "w1", exit_when_empty=True, max_seconds=30, handler=handler,
                          max_attempts=2, retry_base=0)
        assert done == 4
        with open_queue(path, max_attempts=2) as q:
            (dead,) = q.dead_letters
        assert (dead.job, dead.attempts, dead.error) == (3, 2, "KeyError: 3")
