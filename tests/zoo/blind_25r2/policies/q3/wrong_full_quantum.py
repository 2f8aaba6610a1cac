# wrong: every slice costs a full quantum even when the task needs less
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    q, left, fin, k, clock = deque(), [t.duration for t in tasks], {}, 0, float("-inf")
    def admit():
        nonlocal k
        while k < len(order) and tasks[order[k]].arrival <= clock:
            q.append(order[k]); k += 1
    while k < len(order) or q:
        if not q:
            clock = max(clock, tasks[order[k]].arrival); admit()
        i = q.popleft()
        clock += quantum; left[i] -= quantum
        admit()
        if left[i] > 0:
            q.append(i)
        else:
            fin[tasks[i].name] = clock
    return fin
