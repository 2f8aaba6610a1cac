# mistake: averages response (first run - arrival) instead of wait
def srtf_average_wait(tasks):
    n = len(tasks)
    rem = [x.duration for x in tasks]
    t = 0; done = 0; first = [None] * n
    while done < n:
        ready = [i for i in range(n) if rem[i] > 0 and tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in range(n) if rem[i] > 0); continue
        i = min(ready, key=lambda i: (rem[i], tasks[i].arrival, i))
        if first[i] is None: first[i] = t
        rem[i] -= 1; t += 1
        if rem[i] == 0: done += 1
    return sum(first[i] - tasks[i].arrival for i in range(n)) / n
