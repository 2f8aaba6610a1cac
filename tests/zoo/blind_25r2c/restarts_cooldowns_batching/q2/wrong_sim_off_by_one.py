# wrong: simulation whose cooldown releases a type one tick early (t + n - 1)
import heapq
from collections import Counter, deque
def least_interval(tasks, n):
    heap = [-v for v in Counter(tasks).values()]; heapq.heapify(heap)
    wait = deque(); t = 0
    while heap or wait:
        t += 1
        if heap:
            v = heapq.heappop(heap) + 1
            if v:
                wait.append((v, t + n - 1))
        while wait and wait[0][1] <= t:
            heapq.heappush(heap, wait.popleft()[0])
    return t
