# right: event-driven SRTF with a heap of (time left, index)
import heapq
def srtf_average_wait(tasks):
    ev = sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)
    h = []; t = 0; k = 0; tot = 0
    while k < len(ev) or h:
        if not h:
            t = max(t, tasks[ev[k]].arrival)
        while k < len(ev) and tasks[ev[k]].arrival <= t:
            i = ev[k]; heapq.heappush(h, (tasks[i].duration, i)); k += 1
        rem, i = heapq.heappop(h)
        nxt = tasks[ev[k]].arrival if k < len(ev) else float('inf')
        run = min(rem, nxt - t)
        t += run; rem -= run
        if rem == 0:
            tot += t - tasks[i].arrival - tasks[i].duration
        else:
            heapq.heappush(h, (rem, i))
    return tot / len(tasks)
