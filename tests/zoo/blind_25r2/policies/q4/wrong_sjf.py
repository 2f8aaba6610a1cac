# wrong: non-preemptive SJF (no interruption by a shorter arrival)
import heapq
def srtf_average_wait(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    h, k, clock, total = [], 0, float("-inf"), 0
    while k < len(order) or h:
        if not h:
            clock = max(clock, tasks[order[k]].arrival)
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(h, (tasks[i].duration, k, i)); k += 1
        d, _, i = heapq.heappop(h)
        clock += d
        total += clock - tasks[i].arrival - d
    return total / len(tasks)
