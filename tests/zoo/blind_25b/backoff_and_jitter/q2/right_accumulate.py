# style: itertools.accumulate over a generator of waits (own delay inline)
from itertools import accumulate
def retry_schedule(attempts, base, cap, rand):
    def delay(n):
        r = rand()
        return r * (cap if n >= 1010 else min(cap, base * 2.0 ** n))
    return list(accumulate(delay(n) for n in range(attempts)))
