# wrong: no rule 1, a task waiting at a higher level does not take over
from collections import deque
QUANTA = (1, 2, 4)
def mlfq_schedule(tasks, boost):
    n = len(tasks)
    order = sorted(range(n), key=lambda i: tasks[i][1])  #ORDER
    left = {i: tasks[i][2] for i in range(n)}
    level, used = {}, {}
    queues = [deque(), deque(), deque()]
    running, slices, k, t, done = None, [], 0, 0, 0
    while done < n:
        if running is None and not any(queues) and k < n and tasks[order[k]][1] > t:
            t = tasks[order[k]][1]  #IDLE
        #STEP1
        while k < n and tasks[order[k]][1] <= t:
            i = order[k]; k += 1
            if left[i] <= 0:
                done += 1; continue
            level[i] = 0; used[i] = 0; queues[0].append(i)
        #END1
        #STEP2
        if boost is not None and t % boost == 0:  #BOOSTCOND
            allq = list(queues[0]) + list(queues[1]) + list(queues[2])  #BOOSTORDER
            if running is not None:
                allq.append(running); running = None  #BOOSTRUN
            queues = [deque(allq), deque(), deque()]  #BOOSTQ
            for i in allq:
                level[i] = 0; used[i] = 0
        #END2
        if running is not None:
            L = level[running]
            if used[running] >= QUANTA[L]:
                nl = min(L + 1, 2); level[running] = nl; used[running] = 0  #DEMOTE
                queues[nl].append(running); running = None
            elif False:
                queues[L].append(running); running = None  #PREEMPTQ
        if running is None:
            for m in range(3):
                if queues[m]:
                    running = queues[m].popleft(); break
        if running is None:
            break
        i = running
        slices.append((tasks[i][0], t, t + 1))  #SLICE
        left[i] -= 1; used[i] += 1; t += 1
        if left[i] == 0:
            running = None; done += 1
    return slices
