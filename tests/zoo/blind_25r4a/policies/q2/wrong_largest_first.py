# wrong: largest priority number first
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i))
    out = []; t = 0; k = 0; ready = []
    while k < len(order) or ready:
        if not ready and tasks[order[k]].arrival > t:
            t = tasks[order[k]].arrival
        while k < len(order) and tasks[order[k]].arrival <= t:
            i = order[k]; x = tasks[i]; heapq.heappush(ready, ((-x.priority, x.arrival, i), x.name, i)); k += 1
        if not ready:
            t = tasks[order[k]].arrival; continue
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i].name); t += tasks[i].duration
    return out
