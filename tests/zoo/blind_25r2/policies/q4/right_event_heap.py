# right: event-driven heap on (remaining, ready_seq), jumping to the next arrival or finish
import heapq
def srtf_average_wait(tasks):
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    h, k, clock, seq, total = [], 0, None, 0, 0
    while k < len(order) or h:
        if not h:
            a = tasks[order[k]].arrival
            clock = a if clock is None or clock < a else clock
        while k < len(order) and tasks[order[k]].arrival <= clock:
            i = order[k]; heapq.heappush(h, (tasks[i].duration, seq, i)); seq += 1; k += 1
        rem, s, i = heapq.heappop(h)
        nxt = tasks[order[k]].arrival if k < len(order) else float("inf")
        run = min(rem, nxt - clock)
        clock += run; rem -= run
        if rem > 0:
            heapq.heappush(h, (rem, s, i))
        else:
            total += clock - tasks[i].arrival - tasks[i].duration
    return total / len(tasks)
