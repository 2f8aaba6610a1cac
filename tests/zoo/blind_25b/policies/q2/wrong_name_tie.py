# mistake: heap of (priority, name) breaks ties by name
import heapq
def priority_order(tasks):
    ts = sorted(tasks, key=lambda x: x.arrival)
    i = 0; t = 0; h = []; out = []
    while i < len(ts) or h:
        while i < len(ts) and ts[i].arrival <= t:
            heapq.heappush(h, (ts[i].priority, ts[i].name, ts[i])); i += 1
        if not h:
            t = ts[i].arrival; continue
        _, _, x = heapq.heappop(h)
        out.append(x.name); t += x.duration
    return out
