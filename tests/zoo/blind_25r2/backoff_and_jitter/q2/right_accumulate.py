# right (unusual): itertools.accumulate over a generator of waits (lazy, rand() called in order)
from itertools import accumulate
def _delay(a, base, cap, rand):
    c = base
    for _ in range(a):
        if c >= cap:
            break
        c *= 2
    return rand() * min(cap, c)
def retry_schedule(attempts, base, cap, rand):
    return list(accumulate(_delay(a, base, cap, rand) for a in range(attempts)))
