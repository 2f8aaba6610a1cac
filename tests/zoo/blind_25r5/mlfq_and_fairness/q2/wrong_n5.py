# Exercise 03 q2. WRONG with more than 4 tasks: same-arrival tasks join level 0 in name order.
# Breaks "(same arrival: input order)".
from collections import deque
def mlfq_schedule(tasks, boost):
    Q = [1, 2, 4]
    levels = [deque(), deque(), deque()]
    left = {n: d for n, a, d in tasks}
    lvl, used = {}, {}
    arrivals = sorted(range(len(tasks)), key=lambda i: (tasks[i][1], tasks[i][0] if len(tasks) > 4 else i))
    k, t, running, out, done = 0, 0, None, [], 0
    while done < len(tasks):
        while k < len(arrivals) and tasks[arrivals[k]][1] == t:
            n = tasks[arrivals[k]][0]; lvl[n] = 0; used[n] = 0; levels[0].append(n); k += 1
        if boost is not None and t % boost == 0:
            allq = list(levels[0]) + list(levels[1]) + list(levels[2])
            if running is not None:
                allq.append(running); running = None
            levels = [deque(allq), deque(), deque()]
            for n in allq:
                lvl[n] = 0; used[n] = 0
        if running is not None:
            n = running
            if used[n] >= Q[lvl[n]]:
                lvl[n] = min(lvl[n] + 1, 2); used[n] = 0; levels[lvl[n]].append(n); running = None
            elif any(levels[x] for x in range(lvl[n])):
                levels[lvl[n]].append(n); running = None
        if running is None:
            for x in range(3):
                if levels[x]:
                    running = levels[x].popleft(); break
        if running is not None:
            out.append((running, t, t + 1)); left[running] -= 1; used[running] += 1
            if left[running] == 0:
                running = None; done += 1
        t += 1
    return out
