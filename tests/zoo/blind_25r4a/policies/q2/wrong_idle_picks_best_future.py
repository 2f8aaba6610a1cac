# wrong: when idle, takes the best-priority task among all remaining (ignores arrival)
def priority_order(tasks):
    rest = list(range(len(tasks))); out = []; t = 0
    while rest:
        ready = [i for i in rest if tasks[i].arrival <= t]
        pool = ready or rest
        i = min(pool, key=lambda i: (tasks[i].priority, tasks[i].arrival, i))
        t = max(t, tasks[i].arrival) + tasks[i].duration
        out.append(tasks[i].name); rest.remove(i)
    return out
