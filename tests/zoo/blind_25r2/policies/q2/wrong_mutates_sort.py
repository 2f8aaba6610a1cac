# wrong: tasks.sort(key=arrival) reorders the caller's list
import heapq
def priority_order(tasks):
    tasks.sort(key=lambda t: t.arrival)
    ready, out, k, clock = [], [], 0, float("-inf")
    while k < len(tasks) or ready:
        if not ready:
            clock = max(clock, tasks[k].arrival)
        while k < len(tasks) and tasks[k].arrival <= clock:
            heapq.heappush(ready, (tasks[k].priority, tasks[k].arrival, k)); k += 1
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i].name); clock += tasks[i].duration
    return out
