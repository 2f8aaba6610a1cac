# wrong: 2^attempt via exp(attempt*log 2): not exact
import math
def backoff_delay(attempt, base, cap, rand):
    e = attempt * math.log(2)
    return rand() * (cap if e > 700 else min(cap, base * math.exp(e)))
