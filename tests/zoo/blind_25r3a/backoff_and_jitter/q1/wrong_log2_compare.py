# wrong (blind round 4a): attempt compared with log2(cap / base), one float step off at a cap just above base × 2^k
import math
def backoff_delay(attempt, base, cap, rand):
    if attempt >= math.log2(cap / base): return rand() * cap
    return rand() * base * 2 ** attempt
