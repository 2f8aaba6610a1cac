# wrong: a task that finishes exactly at its quantum's end goes round once more (left >= 0 test)
# and its finish is recorded when it next reaches the front
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
        if left[i] == 0:
            fin[tasks[i].name] = clock; continue
        run = min(quantum, left[i]); clock += run; left[i] -= run
        admit()
        if left[i] >= 0 and run == quantum:
            q.append(i)
        else:
            fin[tasks[i].name] = clock
    return fin
