# wrong: a task arriving exactly when the worker frees is not yet ready (arrival < clock)
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    ready, out, k, clock = [], [], 0, float("-inf")
    while k < len(order) or ready:
        if not ready:
            i = order[k]; k += 1
            clock = max(clock, tasks[i].arrival)
            heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i))
        while k < len(order) and tasks[order[k]].arrival < clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i)); k += 1
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i].name); clock += tasks[i].duration
    return out
