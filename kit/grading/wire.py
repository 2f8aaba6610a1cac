"""Plain data across the process boundary: JSON with tagged tuples, records, sets and dicts.

The grader sends cases to a learner's process and reads answers back. Nothing crosses as an
object: an answer that is not made of None, bools, numbers, strings, lists, tuples, dicts, sets and
the kit's own records (named tuples and dataclasses) cannot be sent, and a check counts that as a
crash. Reading is guarded for the grader's sake: a text larger than `MAX_BYTES` or nested deeper
than `MAX_DEPTH` is refused before it is parsed, numbers too long to read are refused, and a
record is rebuilt only from a class the caller allows (`records`: the record types the question
expects), already loaded and defined in a `kit` module, never imported on request. A set or dict
whose members hash alike (more than `MAX_SHARED` with one hash) is refused before it is built, so
decoding costs time linear in the text's size; what a check then does with a value is paid from
the question's own CPU time (`kit.grading.judging`).
"""

import dataclasses
import json
import re
import sys
from collections import Counter
from enum import Enum

MAX_BYTES = 1 << 20  # one answer may not be larger than this when encoded
MAX_DEPTH = 256  # JSON nesting a reply may have (a value nested 50 deep encodes to about 150)
MAX_SHARED = 8  # set members or dict keys with one hash (distinct values rarely share one)
_STRINGS = re.compile(r'"(?:[^"\\]++|\\.)*+"')
_BRACKETS = re.compile(r"[\[\]{}]")


class WireError(ValueError):
    """A value that cannot be sent as plain data, or a text that is not one."""


def encode(value, depth: int = 0):
    """`value` as JSON-able data, with tuples, named tuples, sets and odd dicts tagged."""
    if depth > 50:
        raise WireError("the value is nested more than 50 levels deep")
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, Enum) and isinstance(value.value, str | int):
        return value.value
    if isinstance(value, tuple) and type(value) is not tuple and hasattr(value, "_fields"):
        cls = type(value)
        return {"@nt": f"{cls.__module__}:{cls.__qualname__}",
                "v": [encode(v, depth + 1) for v in value]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) \
            and type(value).__module__.split(".")[0] == "kit":
        cls = type(value)
        return {"@dc": f"{cls.__module__}:{cls.__qualname__}",
                "v": [[f.name, encode(getattr(value, f.name), depth + 1)]
                      for f in dataclasses.fields(value) if f.init]}
    if type(value) is tuple:
        return {"@t": [encode(v, depth + 1) for v in value]}
    if type(value) is list:
        return [encode(v, depth + 1) for v in value]
    if type(value) in (set, frozenset):
        items = [encode(v, depth + 1) for v in value]
        return {"@set": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
    if type(value) is dict:
        return {"@d": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in value.items()]}
    raise WireError(f"a {type(value).__name__} object cannot be graded; return plain data "
                    "(numbers, strings, lists, tuples, dicts)")


def decode(data, records=None, depth: int = 0):
    """Plain data back from `encode`'s shapes; records only of the classes in `records` (None:
    any kit record class already loaded)."""
    if depth > MAX_DEPTH:
        raise WireError("the value is nested too deeply")
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [decode(v, records, depth + 1) for v in data]
    if type(data) is dict and len(data) in (1, 2):
        if "@t" in data and type(data["@t"]) is list:
            return tuple(decode(v, records, depth + 1) for v in data["@t"])
        if "@set" in data and type(data["@set"]) is list:
            return set(_spread([decode(v, records, depth + 1) for v in data["@set"]]))
        if "@d" in data and type(data["@d"]) is list:
            pairs = [(decode(k, records, depth + 1), decode(v, records, depth + 1))
                     for k, v in (p if type(p) is list and len(p) == 2 else _odd(p)
                                  for p in data["@d"])]
            _spread([k for k, _ in pairs])
            return dict(pairs)
        if "@nt" in data and type(data.get("v")) is list:
            cls = _record(data["@nt"], "named tuple", records)
            return cls(*(decode(v, records, depth + 1) for v in data["v"]))
        if "@dc" in data and type(data.get("v")) is list:
            cls = _record(data["@dc"], "dataclass", records)
            return cls(**{str(k): decode(v, records, depth + 1) for k, v in data["v"]})
    raise WireError(f"unexpected data: {str(data)[:80]}")


def _odd(pair):
    raise WireError(f"unexpected data: {str(pair)[:80]}")


def _spread(keys: list) -> list:
    """`keys`, refused when more than MAX_SHARED of them share one hash: a set or dict built
    from values that all hash alike costs time quadratic in their number. Counting hashes is
    linear (distinct hashes are ints that hash to themselves)."""
    try:
        counts = Counter(map(hash, keys))
    except TypeError as e:
        raise WireError(f"a set member or dict key cannot be hashed: {e}") from None
    if counts and max(counts.values()) > MAX_SHARED:
        raise WireError(f"more than {MAX_SHARED} set members or dict keys share one hash")
    return keys


def is_record(cls) -> bool:
    """A kit named tuple or dataclass class (what may cross the wire as a record)."""
    return isinstance(cls, type) and str(cls.__module__).split(".")[0] == "kit" and (
        issubclass(cls, tuple) and hasattr(cls, "_fields") or dataclasses.is_dataclass(cls))


def _record(tag, kind: str, records):
    """A kit record class that is already loaded and allowed: a named tuple or a dataclass."""
    module_name, _, qualname = str(tag).partition(":")
    module = sys.modules.get(module_name)
    cls = getattr(module, qualname, None) if module_name.split(".")[0] == "kit" else None
    ok = is_record(cls) and (
        issubclass(cls, tuple) if kind == "named tuple" else dataclasses.is_dataclass(cls))
    if not ok:
        raise WireError(f"unknown {kind} {str(tag)[:80]!r}")
    if records is not None and cls not in records:
        raise WireError(f"a {str(tag)[:80]} is not an answer to this question")
    return cls


def dumps(value) -> str:
    text = json.dumps(encode(value), allow_nan=True)
    if len(text) > MAX_BYTES:
        raise WireError(f"the answer is too large to grade ({len(text):,} bytes encoded)")
    return text


def parse(text: str | bytes, max_bytes: int = MAX_BYTES):
    """JSON, refused (WireError) when larger than `max_bytes` or nested deeper than MAX_DEPTH,
    checked before the parser sees it; numbers too long to read are refused too."""
    if len(text) > max_bytes:
        raise WireError(f"the answer is too large to grade ({len(text):,} bytes)")
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError as e:
            raise WireError(f"not text: {e}") from None
    depth = worst = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        worst = max(worst, depth)
        if worst > MAX_DEPTH:
            raise WireError(f"the answer is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:  # not JSON; an integer of 5000 digits
        raise WireError(f"not an answer: {str(e)[:120]}") from None


def loads(text: str, records=None):
    return decode(parse(text), records)
