# mistake: when idle, jumps to next arrival but takes it even if a more urgent one arrives at the same time later in list
def priority_order(tasks):
    left = list(enumerate(tasks))
    t = 0
    out = []
    while left:
        ready = [p for p in left if p[1].arrival <= t]
        if not ready:
            pick = min(left, key=lambda p: (p[1].arrival, p[0]))
            t = pick[1].arrival
        else:
            pick = min(ready, key=lambda p: (p[1].priority, p[1].arrival, p[0]))
        left.remove(pick)
        out.append(pick[1].name)
        t += pick[1].duration
    return out
