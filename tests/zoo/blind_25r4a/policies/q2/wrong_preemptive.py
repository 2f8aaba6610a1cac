# wrong: preemptive priority (an arrival with a smaller number interrupts), order of completion
def priority_order(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}; out = []; t = 0
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: (tasks[i].priority, tasks[i].arrival, i))
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; out.append(tasks[i].name)
    return out
