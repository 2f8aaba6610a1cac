# wrong: a task arriving exactly when the worker frees is not ready (arrival < t, not <=)
def priority_order(tasks):
    rest = list(range(len(tasks))); out = []; t = 0
    while rest:
        ready = [i for i in rest if tasks[i].arrival < t]
        if not ready:
            a = min(tasks[i].arrival for i in rest)
            if a >= t:
                ready = [i for i in rest if tasks[i].arrival == a]; t = a
        i = min(ready, key=lambda i: (tasks[i].priority, tasks[i].arrival, i))
        t += tasks[i].duration; out.append(tasks[i].name); rest.remove(i)
    return out
