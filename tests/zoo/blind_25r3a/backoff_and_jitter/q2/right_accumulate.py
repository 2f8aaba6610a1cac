# right: itertools.accumulate over a generator of waits
from itertools import accumulate
def retry_schedule(attempts, base, cap, rand):
    return list(accumulate(rand() * (cap if a > 2000 else min(cap, base * 2 ** a)) for a in range(attempts)))
