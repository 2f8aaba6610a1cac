# right: heap of (priority, arrival, index) fed by arrival-sorted pointer
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    ready, out, k, clock = [], [], 0, None
    while k < len(order) or ready:
        if not ready:
            t = tasks[order[k]]
            clock = t.arrival if clock is None or clock < t.arrival else clock
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i)); k += 1
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i].name)
        clock += tasks[i].duration
    return out
