# wrong: when idle, takes the first task that arrives (ignores others arriving at the same tick)
def priority_order(tasks):
    rest = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i)); out = []; t = 0
    while rest:
        ready = [i for i in rest if tasks[i].arrival <= t]
        if not ready:
            i = rest[0]; t = tasks[i].arrival
        else:
            i = min(ready, key=lambda i: (tasks[i].priority, tasks[i].arrival, i))
        t += tasks[i].duration; out.append(tasks[i].name); rest.remove(i)
    return out
