# wrong: a demoted task joins the front of its new level
from collections import deque
QUANTA = (1, 2, 4)
def mlfq_schedule(tasks, boost):
    levels = [deque(), deque(), deque()]
    left = {}; lvl = {}; used = {}
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i][1], i))
    k = 0; t = 0; run = None; out = []; done = 0
    while done < len(tasks):
        while k < len(order) and tasks[order[k]][1] == t:
            i = order[k]; k += 1
            left[i] = tasks[i][2]; lvl[i] = 0; used[i] = 0; levels[0].append(i)
        if boost is not None and t % boost == 0:
            allq = list(levels[0]) + list(levels[1]) + list(levels[2])
            if run is not None: allq.append(run)
            levels = [deque(allq), deque(), deque()]
            for i in allq: lvl[i] = 0; used[i] = 0
            run = None
        if run is not None:
            if used[run] >= QUANTA[lvl[run]]:
                lvl[run] = min(lvl[run] + 1, 2); used[run] = 0; levels[lvl[run]].appendleft(run); run = None
            elif any(levels[l] for l in range(lvl[run])):
                levels[lvl[run]].appendleft(run); run = None
        if run is None:
            for l in range(3):
                if levels[l]:
                    run = levels[l].popleft(); break
        if run is None:
            t += 1; continue
        out.append((tasks[run][0], t, t + 1))
        left[run] -= 1; used[run] += 1; t += 1
        if left[run] == 0:
            done += 1; run = None
    return out
