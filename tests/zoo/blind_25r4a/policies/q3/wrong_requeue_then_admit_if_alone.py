# wrong: when the queue is empty at slice end the task is re-queued first, then arrivals at that moment
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i))
    left = {i: tasks[i].duration for i in order}; q = deque(); fin = {}; t = 0; k = 0
    def admit(upto, strict=False):
        nonlocal k
        while k < len(order) and (tasks[order[k]].arrival < upto if strict else tasks[order[k]].arrival <= upto):
            q.append(order[k]); k += 1
    while len(fin) < len(tasks):
        if not q:
            t = max(t, tasks[order[k]].arrival); admit(t)
        i = q.popleft(); run = min(quantum, left[i]); t += run; left[i] -= run
        admit(t, strict=True)
        if left[i] == 0: fin[tasks[i].name] = t
        elif not q: q.append(i)
        else: admit(t); q.append(i)
        admit(t)
    return fin
