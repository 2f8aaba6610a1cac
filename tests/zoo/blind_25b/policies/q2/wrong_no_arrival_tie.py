# mistake: ties broken by list order only, not by earliest arrival
def priority_order(tasks):
    left = list(enumerate(tasks))
    t = 0
    out = []
    while left:
        ready = [p for p in left if p[1].arrival <= t]
        if not ready:
            t = min(p[1].arrival for p in left)
            continue
        pick = min(ready, key=lambda p: (p[1].priority, p[0]))
        left.remove(pick)
        out.append(pick[1].name)
        t += pick[1].duration
    return out
