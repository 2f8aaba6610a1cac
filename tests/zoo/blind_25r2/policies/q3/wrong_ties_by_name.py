# wrong: tasks arriving together are queued in name order
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, tasks[i].name))
    q, left, fin, k, clock = deque(), [t.duration for t in tasks], {}, 0, float("-inf")
    def admit():
        nonlocal k
        while k < len(order) and tasks[order[k]].arrival <= clock:
            q.append(order[k]); k += 1
    while k < len(order) or q:
        if not q:
            clock = max(clock, tasks[order[k]].arrival); admit()
        i = q.popleft()
        run = min(quantum, left[i]); clock += run; left[i] -= run
        admit()
        if left[i] > 0:
            q.append(i)
        else:
            fin[tasks[i].name] = clock
    return fin
