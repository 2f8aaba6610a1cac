# mistake: list order instead of arrival order, all tasks in queue from t=0 (ignores arrival)
from collections import deque
def round_robin(tasks, quantum):
    q = deque(tasks); rem = {x.name: x.duration for x in tasks}; t = 0; fin = {}
    while q:
        x = q.popleft()
        t = max(t, x.arrival)
        run = min(quantum, rem[x.name]); t += run; rem[x.name] -= run
        if rem[x.name] > 0: q.append(x)
        else: fin[x.name] = t
    return fin
