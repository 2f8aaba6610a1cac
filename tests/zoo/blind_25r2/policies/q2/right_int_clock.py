# right (judged so after round 25r2; the tester filed it as wrong: clock advanced by int(duration) (float durations truncated)): notebook 01 says times are whole ticks in every question, so whole-tick arithmetic is exact there
import heapq
def priority_order(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    ready, out, k, clock = [], [], 0, 0
    while k < len(order) or ready:
        if not ready:
            clock = max(clock, tasks[order[k]].arrival)
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(ready, (tasks[i].priority, tasks[i].arrival, i)); k += 1
        _, _, i = heapq.heappop(ready)
        out.append(tasks[i].name); clock += int(tasks[i].duration)
    return out
