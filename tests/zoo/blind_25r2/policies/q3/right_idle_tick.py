# right (judged so after round 25r2; the tester filed it as wrong: an idle worker advances one tick at a time from 0 (breaks on negative/fractional arrivals)): notebook 01 says times are whole ticks in every question, so whole-tick arithmetic is exact there
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    q, left, fin, k, clock = deque(), [t.duration for t in tasks], {}, 0, 0
    def admit():
        nonlocal k
        while k < len(order) and tasks[order[k]].arrival <= clock:
            q.append(order[k]); k += 1
    admit()
    while k < len(order) or q:
        if not q:
            clock += 1; admit(); continue
        i = q.popleft()
        run = min(quantum, left[i]); clock += run; left[i] -= run
        admit()
        if left[i] > 0:
            q.append(i)
        else:
            fin[tasks[i].name] = clock
    return fin
