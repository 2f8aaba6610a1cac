# wrong (too many comparisons?): keep a sorted list of k via bisect.insort, drop the last (O(k) per item)
import bisect
def top_k_longest(durations, k):
    best = []
    for seq, (name, d) in enumerate(durations):
        bisect.insort(best, (-d, seq, name))
        if len(best) > k:
            best.pop()
    return [(name, -nd) for nd, _, name in best]
