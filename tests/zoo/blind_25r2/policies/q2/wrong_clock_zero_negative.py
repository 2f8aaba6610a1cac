# wrong: the clock starts at 0, so tasks arriving before 0 all count as arriving together
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    ready, out, k, clock = [], [], 0, 0
    while k < len(order) or ready:
        if not ready:
            clock = max(clock, tasks[order[k]].arrival)
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, 0, i)); k += 1
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i].name); clock += tasks[i].duration
    return out
