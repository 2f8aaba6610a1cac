# right (unusual): the kit's own deficit_round_robin and shares
from kit import fair
def shares_after(queues, weights, quantum, k):
    if k <= 0:
        return {}
    trace = fair.deficit_round_robin({t: list(j) for t, j in queues.items()}, weights, quantum=quantum, rounds=k)
    return {t: float(v) for t, v in fair.shares(trace, until_round=k).items()}
