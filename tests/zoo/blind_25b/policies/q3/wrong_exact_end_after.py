# mistake: arrivals exactly at the slice end join after the preempted task (< instead of <=)
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i))
    ts = [tasks[i] for i in order]
    i = 0; t = 0; q = deque(); rem = {}; fin = {}
    while i < len(ts) or q:
        if not q:
            t = max(t, ts[i].arrival)
        while i < len(ts) and ts[i].arrival <= t:
            q.append(ts[i]); rem[ts[i].name] = ts[i].duration; i += 1
        x = q.popleft()
        run = min(quantum, rem[x.name])
        t += run; rem[x.name] -= run
        while i < len(ts) and ts[i].arrival < t:
            q.append(ts[i]); rem[ts[i].name] = ts[i].duration; i += 1
        if rem[x.name] > 0:
            q.append(x)
        else:
            fin[x.name] = t
    return fin
