"""Plain data across the process boundary: JSON with tagged tuples, records, sets and dicts.

The grader sends cases to a learner's process and reads answers back. Nothing crosses as an
object: an answer that is not made of None, bools, numbers, strings, lists, tuples, dicts, sets and
the kit's own records (named tuples and dataclasses) cannot be sent, and a check counts that as a
crash. Decoding builds only those same shapes; a record is rebuilt only from a class that is
already loaded in the decoding process and defined in a `kit` module (never imported on request).
"""

import dataclasses
import json
import sys
from enum import Enum

MAX_BYTES = 1 << 20  # one answer may not be larger than this when encoded


class WireError(ValueError):
    """A value that cannot be sent as plain data."""


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


def decode(data, depth: int = 0):
    if depth > 60:
        raise WireError("the value is nested too deeply")
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [decode(v, depth + 1) for v in data]
    if type(data) is dict and len(data) in (1, 2):
        if "@t" in data:
            return tuple(decode(v, depth + 1) for v in data["@t"])
        if "@set" in data:
            return {decode(v, depth + 1) for v in data["@set"]}
        if "@d" in data:
            return {decode(k, depth + 1): decode(v, depth + 1) for k, v in data["@d"]}
        if "@nt" in data:
            return _record(data["@nt"], "named tuple")(*(decode(v, depth + 1) for v in data["v"]))
        if "@dc" in data:
            return _record(data["@dc"], "dataclass")(**{str(k): decode(v, depth + 1)
                                                         for k, v in data["v"]})
    raise WireError(f"unexpected data: {str(data)[:80]}")


def _record(tag: str, kind: str):
    """A kit record class that is already loaded: a named tuple or a dataclass, nothing else."""
    module_name, _, qualname = str(tag).partition(":")
    module = sys.modules.get(module_name)
    cls = getattr(module, qualname, None) if module_name.split(".")[0] == "kit" else None
    ok = isinstance(cls, type) and (
        issubclass(cls, tuple) and hasattr(cls, "_fields") if kind == "named tuple"
        else dataclasses.is_dataclass(cls))
    if not ok:
        raise WireError(f"unknown {kind} {tag!r}")
    return cls


def dumps(value) -> str:
    text = json.dumps(encode(value), allow_nan=True)
    if len(text) > MAX_BYTES:
        raise WireError(f"the answer is too large to grade ({len(text):,} bytes encoded)")
    return text


def loads(text: str):
    return decode(json.loads(text))
