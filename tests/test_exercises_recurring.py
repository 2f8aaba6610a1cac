"""q7 of 07_concurrent_scheduler: a recurring job on a fixed grid that never overlaps itself."""

import math

import pytest

from kit.exercises import concurrent_scheduler as ex

q7 = ex.q7


def test_the_answer_passes_and_each_pitfall_is_named():
    assert q7.check(ex.recurring_starts)
    for pitfall in q7.pitfalls:
        result = q7.check(pitfall.answer)
        assert not result and result.pitfall is pitfall, (pitfall.name, repr(result))


def by_arithmetic(first, period, durations):
    """Right, written differently: jump straight to the first slot at or after the end (an int
    ceiling: math.ceil(d / period) rounds through a float, wrong past 2**53)."""
    starts, due = [], first
    for d in durations:
        starts.append(due)
        due += max(1, -(-d // period)) * period
    return starts


def by_float_ceiling(first, period, durations):
    starts, due = [], first
    for d in durations:
        starts.append(due)
        due += max(1, math.ceil(d / period)) * period
    return starts


def test_a_right_answer_written_differently_passes():
    assert q7.check(by_arithmetic)
    result = q7.check(by_float_ceiling)
    assert not result and result.label == "times past 2**53: exact ints", result


def skips_one_slot_at_most(first, period, durations):
    starts, due = [], first
    for d in durations:
        starts.append(due)
        due += 2 * period if d > period else period
    return starts


def rounds_down(first, period, durations):
    starts, due = [], first
    for d in durations:
        starts.append(due)
        due += max(1, d // period) * period
    return starts


def from_zero_not_first(first, period, durations):
    return [s - first for s in ex.recurring_starts(first, period, durations)]


def a_tuple(first, period, durations):
    return tuple(ex.recurring_starts(first, period, durations))


@pytest.mark.parametrize("answer", [skips_one_slot_at_most, rounds_down, from_zero_not_first,
                                    a_tuple], ids=lambda f: f.__name__)
def test_undeclared_wrong_answers_fail(answer):
    assert not q7.check(answer), f"{answer.__name__} passed"
