# RIGHT: heap simulation
import heapq
from collections import Counter, deque
def least_interval(tasks, n):
    h = [-x for x in Counter(tasks).values()]; heapq.heapify(h)
    q = deque(); t = 0
    while h or q:
        t += 1
        if h:
            x = heapq.heappop(h) + 1
            if x: q.append((t + n, x))
        if q and q[0][0] == t:
            heapq.heappush(h, q.popleft()[1])
    return t
