# wrong: Kahn with a FIFO queue (priority ignored)
from collections import deque
def dispatch_order(jobs):
    left = {n: len(set(jobs[n][2])) for n in jobs}
    q = deque(n for n in jobs if left[n] == 0); out = []
    while q:
        n = q.popleft(); out.append(n)
        for ch in jobs:
            if n in jobs[ch][2]:
                left[ch] -= 1
                if left[ch] == 0:
                    q.append(ch)
    return out
