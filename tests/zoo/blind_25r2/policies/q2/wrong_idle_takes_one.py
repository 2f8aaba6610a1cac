# wrong: an idle worker wakes at the next arrival and runs THAT task, ignoring a more urgent
# task arriving at the same instant
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    ready, out, k, clock = [], [], 0, 0
    while k < len(order) or ready:
        if not ready:
            i = order[k]; k += 1
            clock = max(clock, tasks[i].arrival)
            out.append(tasks[i].name); clock += tasks[i].duration
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i)); k += 1
        if ready:
            _, _, i = heapq.heappop(ready)
            out.append(tasks[i].name); clock += tasks[i].duration
    return out
