# wrong: if the queue is empty at slice end the task keeps running but its quantum count isn't reset
from collections import deque
def round_robin(tasks, quantum):
    pending = sorted(enumerate(tasks), key=lambda p: (p[1].arrival, p[0]))
    left = [t.duration for t in tasks]; q = deque(); fin = {}; t = 0; k = 0; cur = None; used = 0
    while len(fin) < len(tasks):
        while k < len(pending) and pending[k][1].arrival <= t:
            q.append(pending[k][0]); k += 1
        if cur is not None and left[cur] == 0:
            fin[tasks[cur].name] = t; cur = None
        if cur is not None and used >= quantum and q:
            q.append(cur); cur = None
        if cur is None and q:
            cur = q.popleft(); used = 0
        if cur is None:
            t += 1; continue
        left[cur] -= 1; used += 1; t += 1
    return fin
