# mistake: compares total duration instead of time left (preemptive SJF)
def srtf_average_wait(tasks):
    n = len(tasks)
    rem = [x.duration for x in tasks]
    t = 0; done = 0; fin = [0] * n
    while done < n:
        ready = [i for i in range(n) if rem[i] > 0 and tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in range(n) if rem[i] > 0); continue
        i = min(ready, key=lambda i: (tasks[i].duration, tasks[i].arrival, i))
        rem[i] -= 1; t += 1
        if rem[i] == 0:
            fin[i] = t; done += 1
    return sum(fin[i] - tasks[i].arrival - tasks[i].duration for i in range(n)) / n
