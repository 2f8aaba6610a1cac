# mistake: a task arriving exactly when the worker frees is not yet ready (< instead of <=)
def priority_order(tasks):
    left = list(enumerate(tasks))
    t = 0
    out = []
    while left:
        ready = [p for p in left if p[1].arrival < t]
        if not ready:
            t2 = min(p[1].arrival for p in left)
            ready = [p for p in left if p[1].arrival == t2]
            t = max(t, t2)
        pick = min(ready, key=lambda p: (p[1].priority, p[1].arrival, p[0]))
        left.remove(pick)
        out.append(pick[1].name)
        t += pick[1].duration
    return out
