"""The fencing story: a lease holder paused past its lease, a second worker taking over, and the
late write that a fenced store refuses and a plain store keeps.

Martin Kleppmann's picture ("How to do distributed locking", 2016), on this kit's lease rule. One
job, leases of `lease_for` seconds, each grant with a token larger than every earlier one:

- the *first* worker leases at t = 0 (token 1), works `work` seconds, is then stopped for `pause`
  seconds (a garbage-collection pause, a stalled VM) and only then writes its result and acks;
- the *second* worker polls every second; its clock runs `skew` seconds ahead, so it sees the
  first lease expire `skew` seconds early (`kit.lease.is_held` on its own clock) and takes the job
  (token 2), works `work` seconds, writes and acks.

If the first worker writes before the job is taken, it is alone: its write is stored and its ack
accepted. Otherwise both write, in time order (the first worker first at the same instant), each
carrying its token, and the queue refuses the first worker's ack. Whether its late write lands is
the store's business: `store` is any object with `write(key, value, token) -> bool` and
`read(key)` (`PlainStore` below keeps every write; a fenced store refuses a token older than one it
has seen for the key). O(1): a handful of events, computed, never timed.
"""

import math
from typing import NamedTuple

from kit import validate
from kit.lease import is_held

LEASE_FOR, WORK = 5, 3
FIRST, SECOND = "first worker", "second worker"


class PlainStore:
    """A store without a fence: every write is stored, so the last writer wins."""

    def __init__(self):
        self.values = {}

    def write(self, key, value, token) -> bool:
        self.values[key] = value
        return True

    def read(self, key):
        return self.values.get(key)


class FenceEvent(NamedTuple):
    t: float
    worker: str
    what: str  # "lease", "write", "ack"
    token: int
    ok: bool  # the queue's or the store's answer


class Story(NamedTuple):
    events: list  # FenceEvent, in time order
    taken_at: float | None  # when the second worker took the job (None: it never did)
    final: str | None  # the value the store holds at the end
    stale: bool  # that value was written by a holder whose lease had been taken over
    first_writes: float = 0.0  # when the first worker, its work and pause done, writes
    seen_over: float = 0.0  # when, by the true time, the second worker's clock says the lease ended


def fencing_story(pause: float, skew: float, store, lease_for: float = LEASE_FOR,
                  work: float = WORK) -> Story:
    """The story for one pause and one skew, written into `store` (see the module docstring)."""
    validate.number("pause", pause, low=0)
    validate.number("skew", skew, low=0)
    validate.number("lease_for", lease_for, low=0, low_open=True)
    validate.number("work", work, low=0)
    for name in ("write", "read"):
        validate.function(f"store.{name}", getattr(store, name, None))
    first_writes = work + pause
    # the second worker's first poll (t = 0, 1, 2, ...) at which its clock says the lease is over
    poll = max(0, math.ceil(lease_for - skew))
    assert not is_held(poll + skew, lease_for) and (poll == 0 or is_held(poll - 1 + skew,
                                                                         lease_for))
    events = [FenceEvent(0, FIRST, "lease", 1, True)]
    if first_writes < poll:  # done before anyone else looks: alone, and within its lease
        wrote = store.write("job", "by first #1", 1)
        events += [FenceEvent(first_writes, FIRST, "write", 1, wrote),
                   FenceEvent(first_writes, FIRST, "ack", 1, is_held(first_writes, lease_for))]
        return Story(events, None, store.read("job"), False, first_writes, lease_for - skew)
    events.append(FenceEvent(poll, SECOND, "lease", 2, True))
    writes = sorted([(first_writes, 0, FIRST, 1), (poll + work, 1, SECOND, 2)])
    for t, _, worker, token in writes:
        events.append(FenceEvent(t, worker, "write", token,
                            store.write("job", f"by {worker.split()[0]} #{token}", token)))
        # token 1's job was granted again; token 2 acks by its own clock, within its lease
        held = token == 2 and is_held(t + skew, poll + skew + lease_for)
        events.append(FenceEvent(t, worker, "ack", token, held))
    final = store.read("job")
    return Story(events, poll, final, final is not None and final.endswith("#1"), first_writes,
                 lease_for - skew)
