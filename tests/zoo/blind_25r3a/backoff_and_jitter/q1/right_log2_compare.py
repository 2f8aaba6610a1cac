# right (no difference found): compare attempt with log2(cap/base)
import math
def backoff_delay(attempt, base, cap, rand):
    if attempt >= math.log2(cap / base): return rand() * cap
    return rand() * base * 2 ** attempt
