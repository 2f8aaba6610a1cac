# wrong: non-preemptive SJF
def srtf_average_wait(tasks):
    rest = list(range(len(tasks))); t = 0; tot = 0
    while rest:
        ready = [i for i in rest if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in rest); continue
        i = min(ready, key=lambda i: (tasks[i].duration, tasks[i].arrival, i))
        tot += t - tasks[i].arrival; t += tasks[i].duration; rest.remove(i)
    return tot / len(tasks)
