# wrong: log2 threshold decides capping (float log2 imprecision near the boundary)
import math
def backoff_delay(attempt, base, cap, rand):
    if attempt >= math.log2(cap / base):
        return rand() * cap
    return rand() * (base * 2 ** attempt)
