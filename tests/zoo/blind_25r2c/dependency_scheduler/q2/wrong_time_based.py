# judged wrong (was right_time_based): the rule is now stated: jobs released by one event keep the order of jobs, and a job released later (even at the same clock time, after a 0-tick job) goes after the jobs already waiting; this answer ties by the clock time instead
# right?: ready time as the tie key (priority, time it became ready, position in jobs); simulated clock
import heapq
def dispatch_order(jobs):
    names = list(jobs); pos = {n: i for i, n in enumerate(names)}
    left = {n: len(set(jobs[n][2])) for n in names}
    children = {n: [] for n in names}
    for n in names:
        for d in set(jobs[n][2]):
            children[d].append(n)
    heap = [(jobs[n][0], 0, pos[n], n) for n in names if left[n] == 0]
    heapq.heapify(heap)
    t, out = 0, []
    while heap:
        n = heapq.heappop(heap)[3]
        out.append(n)
        t += jobs[n][1]
        for ch in children[n]:
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(heap, (jobs[ch][0], t, pos[ch], ch))
    return out
