# right: bisect.insort into a sorted ready list keyed (priority, arrival, index)
import bisect
def priority_order(tasks):
    ev = sorted(((t.arrival, i) for i, t in enumerate(tasks)), reverse=True)
    ready, out, clock = [], [], None
    while ev or ready:
        if not ready and (clock is None or ev[-1][0] > clock):
            clock = ev[-1][0]
        while ev and ev[-1][0] <= clock:
            a, i = ev.pop()
            bisect.insort(ready, (tasks[i].priority, a, i))
        p, a, i = ready.pop(0)
        out.append(tasks[i].name)
        clock += tasks[i].duration
    return out
