# right: O(n^2) scan with min over ready (priority, arrival, index)
def priority_order(tasks):
    rest = list(range(len(tasks))); out = []; t = 0
    while rest:
        ready = [i for i in rest if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in rest); continue
        i = min(ready, key=lambda i: (tasks[i].priority, tasks[i].arrival, i))
        t += tasks[i].duration; out.append(tasks[i].name); rest.remove(i)
    return out
