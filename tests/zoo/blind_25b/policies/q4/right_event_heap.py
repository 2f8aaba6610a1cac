# style: event-driven heap of (remaining, ready seq), preempt only at arrivals, jump between events
import heapq
def srtf_average_wait(tasks):
    ts = sorted(range(len(tasks)), key=lambda i: (tasks[i].arrival, i))
    h = []; t = 0; k = 0; total = 0; seq = 0
    while k < len(ts) or h:
        if not h:
            t = max(t, tasks[ts[k]].arrival)
        while k < len(ts) and tasks[ts[k]].arrival <= t:
            i = ts[k]; heapq.heappush(h, (tasks[i].duration, seq, i)); seq += 1; k += 1
        rem, s, i = heapq.heappop(h)
        nxt = tasks[ts[k]].arrival if k < len(ts) else float('inf')
        run = min(rem, nxt - t)
        t += run; rem -= run
        if rem == 0:
            total += t - tasks[i].arrival - tasks[i].duration
        else:
            heapq.heappush(h, (rem, s, i))
    return total / len(tasks)
