import pytest

from kit.clock import FakeClock, MonotonicClock


def test_fake_clock_moves_only_when_told():
    c = FakeClock(5)
    assert c.now() == 5
    assert c.advance(2.5) == 7.5
    assert c.now() == 7.5
    assert c.advance(0) == 7.5


def test_fake_clock_rejects_going_backwards():
    with pytest.raises(ValueError, match=r"dt.*-1"):
        FakeClock().advance(-1)


@pytest.mark.parametrize("bad", ["3", None, True])
def test_fake_clock_rejects_non_numbers(bad):
    with pytest.raises(TypeError, match="start"):
        FakeClock(bad)
    with pytest.raises(TypeError, match="dt"):
        FakeClock().advance(bad)


def test_monotonic_clock_never_goes_backwards():
    c = MonotonicClock()
    a, b = c.now(), c.now()
    assert b >= a


def test_fake_clock_rejects_times_that_are_not_finite():
    with pytest.raises(ValueError, match="start must be finite, got inf"):
        FakeClock(float("inf"))
    with pytest.raises(ValueError, match="dt must be finite, got nan"):
        FakeClock().advance(float("nan"))


def test_monotonic_clock_is_not_the_wall_clock():
    import time

    assert "never backwards" in MonotonicClock.__doc__ and "Not the wall clock" in \
        MonotonicClock.__doc__
    assert abs(MonotonicClock().now() - time.monotonic()) < 5  # its zero is not 1970
