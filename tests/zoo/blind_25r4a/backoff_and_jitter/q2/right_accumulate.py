# right: itertools.accumulate
from itertools import accumulate
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
def retry_schedule(attempts, base, cap, rand):
    return list(accumulate(backoff_delay(a, base, cap, rand) for a in range(attempts)))
