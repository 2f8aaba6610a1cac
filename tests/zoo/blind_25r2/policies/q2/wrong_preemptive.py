# wrong: preemptive priority (a more urgent arrival interrupts), names in order of completion
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    left = {i: tasks[i].duration for i in range(len(tasks))}
    ready, out, k, clock = [], [], 0, float("-inf")
    while k < len(order) or ready:
        if not ready:
            clock = max(clock, tasks[order[k]].arrival)
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i)); k += 1
        p, a, i = heapq.heappop(ready)
        nxt = tasks[order[k]].arrival if k < len(order) else float("inf")
        run = min(left[i], nxt - clock)
        clock += run; left[i] -= run
        if left[i] > 0:
            heapq.heappush(ready, (p, a, i))
        else:
            out.append(tasks[i].name)
    return out
