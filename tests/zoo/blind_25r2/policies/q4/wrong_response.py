# wrong: averages the response (first run - arrival) instead of the wait
def srtf_average_wait(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}
    first = {}; t = min(x.arrival for x in tasks)
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: left[i])
        first.setdefault(i, t)
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]
    return sum(first[i] - x.arrival for i, x in enumerate(tasks)) / len(tasks)
