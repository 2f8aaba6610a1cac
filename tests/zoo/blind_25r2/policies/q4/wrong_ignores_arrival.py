# wrong: picks the least remaining among ALL unfinished tasks, arrived or not
def srtf_average_wait(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}
    fin = {}; t = min(x.arrival for x in tasks)
    while left:
        i = min(left, key=lambda i: left[i])
        t = max(t, tasks[i].arrival)
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; fin[i] = t
    return sum(fin[i] - x.arrival - x.duration for i, x in enumerate(tasks)) / len(tasks)
