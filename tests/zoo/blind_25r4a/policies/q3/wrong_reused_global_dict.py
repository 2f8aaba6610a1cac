# wrong: returns one module-level dict, cleared on every call
_fin = {}
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i))
    left = {i: tasks[i].duration for i in order}
    q = deque(); fin = _fin; fin.clear(); t = 0; k = 0
    def admit(upto):
        nonlocal k
        while k < len(order) and tasks[order[k]].arrival <= upto:
            q.append(order[k]); k += 1
    while len(fin) < len(tasks):
        if not q:
            t = max(t, tasks[order[k]].arrival); admit(t)
            if not q:
                admit(t) if False else q.append(order[k]); k += 1 if q else 0
        i = q.popleft()
        run = min(quantum, left[i])
        t += run; left[i] -= run
        admit(t)
        if left[i] <= 0:
            fin[tasks[i].name] = t
        else:
            q.append(i)
    return fin
