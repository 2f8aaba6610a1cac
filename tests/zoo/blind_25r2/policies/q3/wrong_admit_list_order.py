# wrong: arrivals during a slice are admitted by scanning the LIST (list order, not arrival order)
from collections import deque
def round_robin(tasks, quantum):
    q, left, fin, clock = deque(), [t.duration for t in tasks], {}, float("-inf")
    admitted = [False] * len(tasks)
    def admit():
        for i, t in enumerate(tasks):
            if not admitted[i] and t.arrival <= clock:
                admitted[i] = True; q.append(i)
    while not all(admitted) or q:
        if not q:
            clock = max(clock, min(t.arrival for i, t in enumerate(tasks) if not admitted[i]))
            admit()
        i = q.popleft()
        run = min(quantum, left[i]); clock += run; left[i] -= run
        admit()
        if left[i] > 0:
            q.append(i)
        else:
            fin[tasks[i].name] = clock
    return fin
