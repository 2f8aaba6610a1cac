# wrong: accumulates in float32 (array('f'))
from array import array
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
def retry_schedule(attempts, base, cap, rand):
    acc = array('f', [0.0]); out = []
    for a in range(attempts):
        acc[0] += backoff_delay(a, base, cap, rand); out.append(float(acc[0]))
    return out
