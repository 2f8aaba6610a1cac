# wrong: wait measured from time 0 (finish - duration)
def srtf_average_wait(tasks):
    left = {i: x.duration for i, x in enumerate(tasks)}; t = 0; tot = 0
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: (left[i], tasks[i].arrival, i))
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; tot += t - tasks[i].duration
    return tot / len(tasks)
