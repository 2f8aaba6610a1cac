# wrong: preempted task goes back before new arrivals (arrivals after)
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(tasks, key=lambda x: x.arrival)
    left = {x.name: x.duration for x in tasks}
    q = deque(); fin = {}; t = 0; k = 0
    while len(fin) < len(tasks):
        if not q:
            t = max(t, order[k].arrival)
            while k < len(order) and order[k].arrival <= t: q.append(order[k]); k += 1
        x = q.popleft(); run = min(quantum, left[x.name]); t += run; left[x.name] -= run
        if left[x.name] == 0: fin[x.name] = t
        else: q.append(x)
        while k < len(order) and order[k].arrival <= t: q.append(order[k]); k += 1
    return fin
