# judged right: an exact fsum of each prefix is the sum of the waits (q2 is compared to 1e-9)
# wrong?: fsum of each prefix (correctly rounded sum; differs from the running float sum by an ulp)
import math
def retry_schedule(attempts, base, cap, rand):
    w = [rand() * (cap if a > 2000 else min(cap, base * 2 ** a)) for a in range(attempts)]
    return [math.fsum(w[:k+1]) for k in range(attempts)]
