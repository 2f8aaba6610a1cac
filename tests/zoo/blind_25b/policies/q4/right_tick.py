# style: one tick at a time, min over ready by (remaining, ready order)
def srtf_average_wait(tasks):
    n = len(tasks)
    rem = [x.duration for x in tasks]
    order = sorted(range(n), key=lambda i: (tasks[i].arrival, i))
    rank = {i: r for r, i in enumerate(order)}
    t = 0; done = 0; fin = [0] * n
    while done < n:
        ready = [i for i in range(n) if rem[i] > 0 and tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in range(n) if rem[i] > 0); continue
        i = min(ready, key=lambda i: (rem[i], rank[i]))
        rem[i] -= 1; t += 1
        if rem[i] == 0:
            fin[i] = t; done += 1
    return sum(fin[i] - tasks[i].arrival - tasks[i].duration for i in range(n)) / n
