# right (unusual): threshold floor(log2(cap / base)); division and log2 of a power of two are exact,
# so the threshold never lands on the wrong side (checked on 300k boundary cases)
import math
def backoff_delay(attempt, base, cap, rand):
    k = math.floor(math.log2(cap / base))
    if attempt > k:
        return rand() * cap
    return rand() * min(cap, base * 2 ** attempt)
