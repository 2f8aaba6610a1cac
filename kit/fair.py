"""Deficit round robin (DRR): a fair share of one worker for tenants whose jobs differ in size.

Plain round robin over tenants counts turns, so a tenant with big jobs gets more of the worker. DRR
counts work instead. Each tenant keeps a FIFO queue of job sizes and a deficit counter. On every
round each backlogged tenant, in turn, adds `quantum * weight` to its deficit and then sends jobs
from the head of its queue while the head job fits in the deficit, paying for each one. A tenant
whose queue empties forfeits its leftover deficit, so credit cannot be hoarded.

Why it is fair: after any round the leftover deficit is smaller than the job at the head, so a
tenant backlogged for k rounds has been served more than `k * quantum * weight - max job size` and
at most `k * quantum * weight`. Shares therefore converge to the weights, whatever the job sizes.
Cost: O(jobs + rounds * tenants); pick a quantum of at least the largest job for O(1) per job.
"""

from typing import NamedTuple

from kit import validate


class Service(NamedTuple):
    round: int  # 1, 2, ...
    tenant: str
    job: int  # index of the job in its tenant's queue
    size: float
    start: float  # the worker serves back to back, starting at 0
    end: float


def deficit_round_robin(queues, weights=None, quantum=None, rounds=None) -> list[Service]:
    """Serve `queues` ({tenant: [job size, ...]}) by deficit round robin; return the service trace.

    Rule: tenants are visited in the order of `queues`; each round a backlogged tenant gains
    `quantum * weights[tenant]` (weight 1 when not given) and sends head jobs while they fit; an
    emptied queue resets its deficit to 0. `quantum` defaults to the largest job size. Stops after
    `rounds` rounds, or when every queue is empty. Cost: O(jobs + rounds * tenants).
    """
    queues, weights, quantum = _check(queues, weights, quantum, rounds)
    heads = dict.fromkeys(queues, 0)  # next job index per tenant
    deficit = dict.fromkeys(queues, 0)
    active = [t for t in queues if queues[t]]
    trace, now, r = [], 0, 0
    while active and (rounds is None or r < rounds):
        r += 1
        still = []
        for tenant in active:
            jobs, k = queues[tenant], heads[tenant]
            credit = deficit[tenant] + quantum * weights[tenant]
            while k < len(jobs) and jobs[k] <= credit:
                credit -= jobs[k]
                trace.append(Service(r, tenant, k, jobs[k], now, now + jobs[k]))
                now += jobs[k]
                k += 1
            heads[tenant] = k
            if k < len(jobs):
                deficit[tenant] = credit
                still.append(tenant)
            else:
                deficit[tenant] = 0  # an idle tenant keeps no credit
        active = still
    return trace


def shares(trace, until_round=None) -> dict[str, float]:
    """Fraction of all service each tenant got, up to and including `until_round`. O(trace)."""
    served = {}
    for s in trace:
        if until_round is None or s.round <= until_round:
            served[s.tenant] = served.get(s.tenant, 0) + s.size
    total = sum(served.values())
    return {t: x / total for t, x in served.items()} if total else {}


def _check(queues, weights, quantum, rounds):
    if not isinstance(queues, dict):
        raise TypeError(f"queues must be a dict {{tenant: [job size, ...]}}, got {queues!r}")
    checked = {}
    for tenant, jobs in queues.items():
        if isinstance(jobs, str | bytes) or not hasattr(jobs, "__iter__"):
            raise TypeError(f"queues[{tenant!r}] must be a list of job sizes, got {jobs!r}")
        checked[tenant] = [validate.number(f"job size in queues[{tenant!r}]", size, low=0,
                                           low_open=True) for size in jobs]
    weights = {} if weights is None else weights
    if not isinstance(weights, dict):
        raise TypeError(f"weights must be a dict {{tenant: weight}}, got {weights!r}")
    for tenant, w in weights.items():
        if tenant not in checked:
            raise ValueError(f"weights names tenant {tenant!r}, which has no queue")
        validate.number(f"weights[{tenant!r}]", w, low=0, low_open=True)
    weights = {t: weights.get(t, 1) for t in checked}
    if quantum is None:
        quantum = max((s for jobs in checked.values() for s in jobs), default=1)
    validate.number("quantum", quantum, low=0, low_open=True)
    if rounds is not None:
        validate.integer("rounds", rounds, low=0)
    return checked, weights, quantum
