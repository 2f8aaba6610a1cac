# wrong: returns the total wait
def srtf_average_wait(tasks):
    left = {i: x.duration for i, x in enumerate(tasks)}; t = 0; waits = {}
    cur = None
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: (left[i], tasks[i].arrival, i))
        cur = i
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; waits[i] = t - tasks[i].arrival - tasks[i].duration
    n = len(tasks)
    total = sum(waits.values())
    return float(total)
