"""The stories every SQL lease queue tells the same way (SQLite and PostgreSQL)."""

import pytest

from kit.lease import Lease, Stats


def assert_same_story(q, clock) -> None:
    """The in-memory queue's story on a new queue leasing for 5 with retry_delay 2: the exact
    expiry tick, the retry timed from it, a stale ack refused."""
    q.put("A", payload={"to": "x@example.com"})
    first = q.lease("w1")
    assert first == Lease("A", "w1", 1, 5, first.token, {"to": "x@example.com"})
    assert q.lease("w2") is None
    clock.advance(5)  # the exact expiry tick
    assert q.status("A") == "delayed"
    clock.advance(2)
    second = q.lease("w2")
    assert (second.attempt, second.expires_at) == (2, 12)  # retry timed from the expiry at 5
    assert q.ack(first) is False and q.ack(second) is True
    assert q.stats() == Stats(0, 0, 0, 1, 0, duplicate_deliveries=1)



def assert_operation_errors(q) -> None:
    """Each bad call names the argument and the value, and changes nothing: run on a new queue."""
    q.put("A")
    with pytest.raises(ValueError, match="job_id 'A' is already in the queue .state 'ready'."):
        q.put("A")
    with pytest.raises(TypeError, match=r"job_id must be a str or an int, got \['B'\]"):
        q.put(["B"])
    with pytest.raises(TypeError, match="job_id must be a str or an int, got True"):
        q.put(True)
    with pytest.raises(TypeError, match="job_id must be a str or an int, got 18446744073709551616"):
        q.put(2**64)
    with pytest.raises(TypeError, match="payload must be JSON data .* got <object"):
        q.put("B", payload=object())
    with pytest.raises(ValueError, match="delay must be >= 0, got -1"):
        q.put("B", delay=-1)
    with pytest.raises(TypeError, match="worker must be a str or int name, got None"):
        q.lease(None)
    lease = q.lease("w1")
    with pytest.raises(TypeError, match="lease must be a Lease returned by lease.., got 'A'"):
        q.ack("A")
    with pytest.raises(ValueError, match="extend_by must be > 0, got 0"):
        q.heartbeat(lease, extend_by=0)
    with pytest.raises(ValueError, match="job_id 'Z' was never put in this queue"):
        q.status("Z")
    with pytest.raises(ValueError, match="job_id 'A' is already in the queue .state 'leased'."):
        q.put("A")
    assert q.ack(lease._replace(job=["unhashable"])) is False
    assert q.ack(lease._replace(token="x")) is False
    assert q.status("A") == "leased" and q.stats().ready == 0
