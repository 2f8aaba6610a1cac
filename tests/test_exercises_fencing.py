"""q2 of 06_durable_queue: a store that fences off a stale lease holder, replayed on the
clock-skew story (a real SQLite lease queue, one worker's clock 3 s fast)."""

import pytest

from kit.checks import same
from kit.exercises import durable_queue as ex

q2 = ex.q2


def test_the_answer_passes_and_each_pitfall_is_named():
    assert q2.check(ex.FencedStore)
    for pitfall in q2.pitfalls:
        result = q2.check(pitfall.answer)
        assert not result and result.pitfall is pitfall, (pitfall.name, repr(result))


def test_the_skew_demo_story_refuses_the_honest_workers_late_write():
    *_, fast, honest, read = q2.expected((ex._THE_DEMO,))
    assert fast[0] is True and honest[0] is False
    assert fast[1] == honest[1] == read and read.startswith("fast#")


class MaxOfDict:
    """Right, written differently: a dict of (token, value) per key."""

    def __init__(self):
        self.rows = {}

    def write(self, key, value, token):
        if key in self.rows and self.rows[key][0] > token:
            return False
        self.rows[key] = (token, value)
        return True

    def read(self, key):
        return self.rows[key][1] if key in self.rows else None


def test_a_right_answer_written_differently_passes():
    assert q2.check(MaxOfDict), repr(q2.check(MaxOfDict))


class RefusesEveryOtherToken(MaxOfDict):
    """Only the first token ever may write a key: the new holder is locked out."""

    def write(self, key, value, token):
        if key in self.rows and self.rows[key][0] != token:
            return False
        return super().write(key, value, token)


class FencesOnTheLastAttempt(MaxOfDict):
    """Compares with the token of the last write *attempted*, refused or not."""

    def __init__(self):
        super().__init__()
        self.last = {}

    def write(self, key, value, token):
        stale = token < self.last.get(key, token)
        self.last[key] = token
        if stale:
            return False
        self.rows[key] = (token, value)
        return True


class TruthyNotBool(MaxOfDict):
    def write(self, key, value, token):
        return 1 if super().write(key, value, token) else 0


class ReadsTheToken(MaxOfDict):
    def read(self, key):
        return self.rows[key][0] if key in self.rows else None


@pytest.mark.parametrize("answer", [RefusesEveryOtherToken, FencesOnTheLastAttempt,
                                    TruthyNotBool, ReadsTheToken], ids=lambda c: c.__name__)
def test_undeclared_wrong_answers_fail(answer):
    result = q2.check(answer)
    assert not result, f"{answer.__name__} passed"


def test_stories_write_token_0_and_falsy_values():
    """Token 0 and the values 0, "", None, False reach the store in generated stories, not only
    in the named edge cases: a store that tests them by truth meets them."""
    cases = q2.generated()
    assert any(first == 0 and any(op[0] == "write" for op in ops) for ops, first in cases)
    given = [op[4] for ops, _ in cases for op in ops if op[0] == "late" and len(op) > 4]
    assert all(any(same(v, g) for g in given) for v in ex.FALSY), given


def test_a_falsy_value_then_an_older_token_is_refused():
    for value in ex.FALSY:
        fence = ex.FencedStore()
        assert fence.write("k", value, 1) is True and fence.read("k") is value
        assert fence.write("k", "late", 0) is False and fence.read("k") is value
