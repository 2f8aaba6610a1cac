"""The one module of input checks: every error names the argument and the value."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit import validate


@pytest.mark.parametrize("bad", [True, False, "3", None, [1], 1j, Decimal("1.5")])
def test_number_rejects_non_numbers_by_type(bad):
    with pytest.raises(TypeError, match=r"^size must be a number, got "):
        validate.number("size", bad)


@pytest.mark.parametrize("bad", [math.inf, -math.inf])
def test_number_rejects_infinities_unless_allowed(bad):
    with pytest.raises(ValueError, match=r"^size must be finite, got"):
        validate.number("size", bad)
    assert validate.number("size", bad, finite=False) is bad


def test_nan_is_refused_even_where_infinities_are_allowed_and_a_bound_would_let_it_past():
    with pytest.raises(ValueError, match=r"^size must be finite, got nan$"):
        validate.number("size", math.nan, low=0)
    with pytest.raises(ValueError, match=r"^size must be a number, got nan$"):
        validate.number("size", math.nan, low=0, finite=False)


@pytest.mark.parametrize("ok", [0, 2.5, Fraction(1, 3)])
def test_number_accepts_and_returns_reals(ok):
    assert validate.number("size", ok) is ok


def test_bounds_closed_and_open():
    assert validate.number("x", 0, low=0) == 0
    with pytest.raises(ValueError, match=r"^x must be > 0, got 0$"):
        validate.number("x", 0, low=0, low_open=True)
    with pytest.raises(ValueError, match=r"^x must be >= 1, got 0.5$"):
        validate.number("x", 0.5, low=1)
    with pytest.raises(ValueError, match=r"^x must be <= 3, got 4$"):
        validate.number("x", 4, high=3)


@given(st.integers(-5, 5), st.integers(-5, 5))
def test_integer_bounds_agree_with_comparison(value, low):
    if value >= low:
        assert validate.integer("n", value, low=low) == value
    else:
        with pytest.raises(ValueError, match=rf"^n must be >= {low}, got {value}$"):
            validate.integer("n", value, low=low)


@pytest.mark.parametrize("bad", [1.0, True, "1", None])
def test_integer_rejects_non_ints(bad):
    with pytest.raises(TypeError, match=r"^n must be an int, got "):
        validate.integer("n", bad)


def test_choice_lists_the_options():
    assert validate.choice("policy", "rr", ("fifo", "rr")) == "rr"
    with pytest.raises(ValueError, match=r"^policy must be one of 'fifo', 'rr', got 'x'$"):
        validate.choice("policy", "x", ("fifo", "rr"))
    with pytest.raises(ValueError, match=r"got \[1\]$"):
        validate.choice("policy", [1], {"fifo"}.__iter__())


def test_function_and_hashable():
    assert validate.function("task", len) is len
    with pytest.raises(TypeError, match=r"^task must be callable, got 3$"):
        validate.function("task", 3)
    assert validate.hashable("id", (1, 2)) == (1, 2)
    with pytest.raises(TypeError, match=r"^id must be hashable, got \[1\]$"):
        validate.hashable("id", [1])


class _NeverEqual:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise RuntimeError("no comparing")


@pytest.mark.parametrize("key", [float("nan"), complex("nan"), _NeverEqual()])
def test_a_key_no_lookup_finds_is_refused(key):
    with pytest.raises(ValueError, match=r"^id must equal itself \(a key no lookup finds\), got "):
        validate.hashable("id", key)


def test_both_schedulers_refuse_a_nan_id():
    """A second NaN id would be a second job that find_job never finds (NaN != NaN)."""
    from kit.clock import FakeClock
    from kit.jobs import FifoPolicy
    from kit.scheduler import Scheduler
    from kit.threaded import ThreadedScheduler

    ticked = Scheduler(FakeClock(), FifoPolicy(), 1)
    threaded = ThreadedScheduler(1, FifoPolicy())
    try:
        for scheduler in (ticked, threaded):
            with pytest.raises(ValueError, match=r"^id must equal itself .*got nan$"):
                scheduler.submit(float("nan"), lambda: None)
    finally:
        threaded.shutdown(wait=True)


def test_unique_names_names_the_first_repeat():
    validate.unique_names("task names", ["a", "b"])
    with pytest.raises(ValueError, match=r"^task names must be unique, got 'b' twice$"):
        validate.unique_names("task names", ["a", "b", "c", "b", "a"])


def _round_trips(value) -> bool:
    """The naive model of json_text: which Python values JSON gives back unchanged."""
    if value is None or type(value) in (bool, int, str):
        return True
    if type(value) is float:
        return math.isfinite(value)
    if type(value) is list:
        return all(map(_round_trips, value))
    if type(value) is dict:
        return all(type(k) is str and _round_trips(v) for k, v in value.items())
    return False


_leaves = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
_values = st.recursive(_leaves, lambda kids: st.lists(kids, max_size=3)
                       | st.tuples(kids) | st.dictionaries(st.text(max_size=2) | st.integers(),
                                                           kids, max_size=3), max_leaves=10)


@given(_values)
def test_json_text_accepts_exactly_what_round_trips(value):
    if _round_trips(value):
        assert validate.json_text("payload", value)
    else:
        with pytest.raises(TypeError, match=r"^payload must be JSON data that round-trips"):
            validate.json_text("payload", value)


@pytest.mark.parametrize("bad, error, message", [
    (True, TypeError, "got True"), (2**63, TypeError, "got 9223372036854775808"),
    (1.0, TypeError, "got 1.0"), ("a\x00", ValueError, "NUL"),
    ("\udc00", ValueError, "lone surrogate"), ("x" * 1025, ValueError, "1025 bytes"),
])
def test_store_name_names_the_argument_and_the_value(bad, error, message):
    with pytest.raises(error, match=f"^job_id must .*{message}"):
        validate.store_name("job_id", bad)
    assert validate.store_name("job_id", -(2**63)) == -(2**63)
    assert validate.store_name("job_id", "é" * 512) == "é" * 512
