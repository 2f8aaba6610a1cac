# right (unusual?): math.fsum of the waits so far (an exactly rounded running sum)
import math
def retry_schedule(attempts, base, cap, rand):
    waits, out, c = [], [], base
    for a in range(attempts):
        waits.append(rand() * min(cap, c))
        out.append(math.fsum(waits))
        if c < cap:
            c *= 2
    return out
