# wrong: averages response (first run - arrival), not total wait
def srtf_average_wait(tasks):
    left = {i: x.duration for i, x in enumerate(tasks)}; t = 0; first = {}
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: (left[i], tasks[i].arrival, i))
        first.setdefault(i, t); left[i] -= 1; t += 1
        if left[i] == 0: del left[i]
    return sum(first[i] - tasks[i].arrival for i in first) / len(tasks)
