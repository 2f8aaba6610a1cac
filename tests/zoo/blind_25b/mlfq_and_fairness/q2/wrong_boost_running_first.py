# mistake: on a boost the running task goes first in level 0, not last
from collections import deque
def mlfq_schedule(tasks, boost):
    Q = [1, 2, 4]
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i][1], i))
    pend = deque(tasks[i] for i in order)
    levels = [deque(), deque(), deque()]
    lvl = {}; used = {}; rem = {}
    running = None; t = 0; out = []; left = len(tasks)
    while left:
        # 1
        while pend and pend[0][1] == t:
            n, a, d = pend.popleft()
            lvl[n] = 0; used[n] = 0; rem[n] = d; levels[0].append(n)
        # 2
        if boost is not None and t % boost == 0:
            allq = list(levels[0]) + list(levels[1]) + list(levels[2])
            if running is not None:
                allq.insert(0, running); running = None
            for n in allq:
                lvl[n] = 0; used[n] = 0
            levels = [deque(allq), deque(), deque()]
        # 3
        if running is not None:
            r = running
            if used[r] >= Q[lvl[r]]:
                lvl[r] = min(lvl[r] + 1, 2); used[r] = 0
                levels[lvl[r]].append(r); running = None
            elif any(levels[k] for k in range(lvl[r])):
                levels[lvl[r]].append(r); running = None
        # 4
        if running is None:
            for k in range(3):
                if levels[k]:
                    running = levels[k].popleft(); break
        if running is not None:
            out.append((running, t, t + 1))
            rem[running] -= 1; used[running] += 1
            if rem[running] == 0:
                running = None; left -= 1
        t += 1
    return out
