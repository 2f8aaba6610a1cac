# wrong: the clock is a module global carried across calls (never reset)
from collections import deque
_clock = [0]
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    q, left, fin, k = deque(), [t.duration for t in tasks], {}, 0
    def admit():
        nonlocal k
        while k < len(order) and tasks[order[k]].arrival <= _clock[0]:
            q.append(order[k]); k += 1
    while k < len(order) or q:
        if not q:
            _clock[0] = max(_clock[0], tasks[order[k]].arrival); admit()
        i = q.popleft()
        run = min(quantum, left[i]); _clock[0] += run; left[i] -= run
        admit()
        if left[i] > 0:
            q.append(i)
        else:
            fin[tasks[i].name] = _clock[0]
    return fin
