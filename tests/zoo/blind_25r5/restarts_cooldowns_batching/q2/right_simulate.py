# 11 q2. Right but unusual: tick-by-tick simulation, most remaining first among the available.
import heapq
from collections import Counter, deque
def least_interval(tasks, n):
    h = [-v for v in Counter(tasks).values()]
    heapq.heapify(h)
    cool = deque()
    t = 0
    while h or cool:
        t += 1
        if h:
            v = heapq.heappop(h) + 1
            if v:
                cool.append((t + n, v))
        if cool and cool[0][0] == t:
            heapq.heappush(h, cool.popleft()[1])
    return t
