# wrong: returns the Task tuples instead of their names
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    ready, out, k, clock = [], [], 0, float("-inf")
    while k < len(order) or ready:
        if not ready:
            clock = max(clock, tasks[order[k]].arrival)
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i)); k += 1
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i]); clock += tasks[i].duration
    return out
