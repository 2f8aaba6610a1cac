# judged right (was wrong_int_duration): the statement now says durations are whole numbers (ints), so int(duration) changes nothing
# wrong: durations cast to int in the output
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    return [(name, int(d)) for d, _, name in sorted(h, reverse=True)]
