"""q5 of 07_concurrent_scheduler: the worker loop with a timed condition-variable wait and a
clean shutdown, checked under forced interleavings on a fake clock (kit/exercises/worker_board)."""

import heapq

import pytest

from kit.exercises import concurrent_scheduler as ex

q5 = ex.q5


def test_the_answer_passes_and_each_pitfall_is_named():
    assert q5.check(ex.WorkerLoop)
    for pitfall in q5.pitfalls:
        result = q5.check(pitfall.answer)
        assert not result and result.pitfall is pitfall, (pitfall.name, repr(result))


# -- right answers written differently ---------------------------------------------------------

class AllInline:
    def __init__(self, board):
        self.b = board

    def work(self):
        b = self.b
        while True:
            with b.lock:  # the condition's own lock: the same thing
                while not (b.due and b.due[0][0] <= b.clock.now()):
                    if b.stopping and not b.due:
                        return
                    b.cond.wait(None if not b.due else b.due[0][0] - b.clock.now())
                _, _, name = heapq.heappop(b.due)
            b.run(name)

    def shutdown(self):
        self.b.stopping = True  # outside the lock: the notify under it still reaches every waiter
        with self.b.cond:
            self.b.cond.notify_all()


def test_a_right_answer_written_differently_passes():
    result = q5.check(AllInline)
    assert result, repr(result)


# -- wrong answers nobody declared -------------------------------------------------------------

class OversleepsByOne(ex.WorkerLoop):
    def next_job(self):
        b = self.board
        with b.cond:
            while True:
                now = b.clock.now()
                if b.due and b.due[0][0] <= now:
                    return heapq.heappop(b.due)[2]
                if b.stopping and not b.due:
                    return None
                b.cond.wait(b.due[0][0] - now + 1 if b.due else None)


class PopsTheLastEntry(ex.WorkerLoop):
    def next_job(self):
        b = self.board
        with b.cond:
            while True:
                now = b.clock.now()
                if b.due and b.due[0][0] <= now:
                    return b.due.pop()[2]
                if b.stopping and not b.due:
                    return None
                b.cond.wait(b.due[0][0] - now if b.due else None)


class WakesBeforeTheFlag(ex.WorkerLoop):
    def shutdown(self):
        with self.board.cond:
            self.board.cond.notify_all()
        with self.board.cond:
            self.board.stopping = True


class QuitsWhenIdle(ex.WorkerLoop):
    def next_job(self):
        b = self.board
        with b.cond:
            while b.due:
                now = b.clock.now()
                if b.due[0][0] <= now:
                    return heapq.heappop(b.due)[2]
                b.cond.wait(b.due[0][0] - now)
            return None


@pytest.mark.parametrize("answer", [OversleepsByOne, PopsTheLastEntry, WakesBeforeTheFlag,
                                    QuitsWhenIdle], ids=lambda c: c.__name__)
def test_undeclared_wrong_answers_fail(answer):
    result = q5.check(answer)
    assert not result, f"{answer.__name__} passed"


def test_a_polling_loop_is_named_with_the_wait_it_should_make():
    result = q5.check(q5.pitfalls[0].answer)
    assert result.error.startswith("worker 1 waited 1 at t=0; it should wait until notified")


def test_the_condition_refuses_what_threading_refuses():
    board = ex.Board(["worker 1"])
    with pytest.raises(RuntimeError, match="cannot notify on un-acquired lock"):
        board.cond.notify()
    with pytest.raises(RuntimeError, match="cannot wait on un-acquired lock"):
        board.cond.wait(1)
    with board.cond, pytest.raises(TypeError, match="timeout must be a number or None, got '1'"):
        board.cond.wait("1")
