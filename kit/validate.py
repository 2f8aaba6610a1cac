"""Input checks, written once: each public function of the kit calls these at its door.

Every check names the argument and the bad value, raises `TypeError` for a wrong type and
`ValueError` for a value out of range, and returns the value so a call can sit in an expression:

    attempts = validate.integer("attempts", attempts, low=0)

A bool is never a number here (`True + 1 == 2`, but `priority=True` is a bug). Each check is O(1),
except `unique_names` (O(n)).
"""

import json
import math
from collections.abc import Iterable
from numbers import Integral, Real

__all__ = ["choice", "function", "integer", "number", "hashable", "is_hashable", "unique_names",
           "store_name", "json_text", "parse_number", "short", "within", "error_message",
           "clock_reading", "MAX_NAME_BYTES"]

MAX_NAME_BYTES = 1024  # a job id or worker name, in UTF-8: PostgreSQL's index keys hold ~2.7 KB


def parse_number(text: str) -> int | float:
    """The number a text reads as: an int when it reads as one ("3"), else a float ("2.5");
    ValueError when it is neither."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def number(name: str, value, *, low: float | None = None, high: float | None = None,
           low_open: bool = False, finite: bool = True):
    """A real number (not a bool, not NaN), within [low, high] (or (low, high] when `low_open`);
    infinite only when `finite` is False."""
    if type(value) not in (int, float) and (not isinstance(value, Real) or isinstance(value, bool)):
        raise TypeError(f"{name} must be a number, got {short(value)}")
    try:
        float(value)  # every time and delay of the kit is computed in floats
    except OverflowError:  # 10**400: no float holds it, so now + value could not be computed
        raise ValueError(f"{name} must be a number a float can hold (at most about 1.8e308), "
                         f"got {short(value)}") from None
    if finite and not isinstance(value, int) and not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value!r}")
    if value != value:  # NaN compares false with every bound, so it is refused by name
        raise ValueError(f"{name} must be a number, got {value!r}")
    return within(name, value, low, high, low_open)


def clock_reading(clock):
    """What `clock.now()` says, checked where the kit reads it (every queue and scheduler): a
    finite real number a float can hold (not a bool), else one error naming `clock.now()`."""
    return number("clock.now()", clock.now())


def within(name: str, value, low=None, high=None, low_open: bool = False):
    """`value` within [low, high] (or (low, high] when `low_open`), else a ValueError."""
    if low is not None and (value < low or low_open and value == low):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low}, got {short(value)}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be <= {high}, got {short(value)}")
    return value


def integer(name: str, value, *, low: int | None = None, high: int | None = None):
    """An integer (not a bool), within [low, high] (any size: a count, not a time)."""
    if not isinstance(value, Integral) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {short(value)}")
    return within(name, value, low, high)


def error_message(exc: BaseException) -> str:
    """An exception's message, taken safely: str(exc), or the exception's class name when
    empty or when its `__str__` itself raises (a message is never the reason a job, a queue
    or a worker is left unsettled). Every message of the kit that quotes a caller's exception
    goes through here."""
    try:
        return str(exc) or type(exc).__name__
    except BaseException:  # noqa: BLE001 - a broken __str__ is the caller's bug, not ours
        return f"{type(exc).__name__} (its __str__ raised)"


def choice(name: str, value, choices: Iterable):
    """One of `choices` (strings, say), listed in the error when it is not."""
    options = tuple(choices)
    try:
        known = value in options
    except TypeError:  # an unhashable value compared against a set-like container
        known = False
    if not known:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}, got {value!r}")
    return value


def function(name: str, value):
    """Something callable."""
    if not callable(value):
        raise TypeError(f"{name} must be callable, got {value!r}")
    return value


def is_hashable(value) -> bool:
    """Can `value` key a dict? (`isinstance(x, Hashable)` says yes to `([],)`; hashing says no.)"""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def hashable(name: str, value):
    """A value that can key a dict and be found again (a job id, say): hashable, and equal to
    itself (a NaN is not, so a second NaN id would be a second job no lookup ever finds)."""
    if not is_hashable(value):
        raise TypeError(f"{name} must be hashable, got {short(value)}")
    try:
        findable = bool(value == value)
    except Exception:  # an __eq__ that raises cannot find its key either
        findable = False
    if not findable:
        raise ValueError(f"{name} must equal itself (a key no lookup finds), got {short(value)}")
    return value


def unique_names(what: str, names: Iterable) -> None:
    """No name twice: the error names the first repeated one. O(n)."""
    seen = set()
    for name in names:
        if name in seen:
            raise ValueError(f"{what} must be unique, got {name!r} twice")
        seen.add(name)


def short(value) -> str:
    try:
        text = repr(value)
    except Exception:  # a repr that raises, or recurses forever
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= 200 else text[:200] + "..."


def store_name(name: str, value, what: str = "a str or an int"):
    """A job id or worker name every lease queue of the kit holds the same way (memory, SQLite,
    PostgreSQL): an int of 64 bits (not a bool), or a str of valid Unicode (no lone
    surrogate), without NUL, at most MAX_NAME_BYTES bytes in UTF-8. `what` is how the error
    describes the rule."""
    if isinstance(value, Integral) and not isinstance(value, bool):
        if not -(2**63) <= value < 2**63:
            raise TypeError(f"{name} must be {what}, got {value!r}")  # 64 bits
        return value
    if isinstance(value, str) and type(value) is not str:  # its == and hash may be its own
        raise TypeError(f"{name} must be exactly a str (not the subclass "
                        f"{type(value).__name__}) or an int, got {short(value)}")
    if type(value) is not str:
        raise TypeError(f"{name} must be {what}, got {short(value)}")
    if "\x00" in value:
        raise ValueError(f"{name} must not contain NUL (\\x00), got {value!r}")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:
        raise ValueError(f"{name} must be valid Unicode (no lone surrogate), "
                         f"got {value!r}") from None
    if size > MAX_NAME_BYTES:
        raise ValueError(f"{name} must be at most {MAX_NAME_BYTES} bytes in UTF-8, "
                         f"got {size} bytes: {value[:40]!r}...")
    return value


def json_text(name: str, value) -> str:
    """`value` as JSON text that decodes back to an equal value of the same shape: None, bool,
    int, finite float, str, and lists and str-keyed dicts of them. A tuple (it would come back
    a list), a non-str key (it would come back a str), NaN or inf (not JSON), or anything else
    is one TypeError naming `name`. O(size of the value)."""
    try:
        text = json.dumps(value, allow_nan=False)
        same = json.loads(text) == value  # == tells a tuple from a list, 1 from "1", at any depth
    except (TypeError, ValueError, RecursionError):
        same = False
    if not same:
        raise TypeError(f"{name} must be JSON data that round-trips (None, bool, int, finite "
                        f"float, str, lists and str-keyed dicts of them), got {short(value)}")
    return text

