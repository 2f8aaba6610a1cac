# right (in effect): after an idle gap only the first task is taken; the others of that tick are admitted before it is re-queued
from collections import deque
def round_robin(tasks, quantum):
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i))
    left = {i: tasks[i].duration for i in order}; q = deque(); fin = {}; t = 0; k = 0
    def admit(upto):
        nonlocal k
        while k < len(order) and tasks[order[k]].arrival <= upto:
            q.append(order[k]); k += 1
    while len(fin) < len(tasks):
        if not q:
            i = order[k]; k += 1; t = max(t, tasks[i].arrival)
        else:
            i = q.popleft()
        run = min(quantum, left[i]); t += run; left[i] -= run
        admit(t)
        if left[i] == 0: fin[tasks[i].name] = t
        else: q.append(i)
    return fin
