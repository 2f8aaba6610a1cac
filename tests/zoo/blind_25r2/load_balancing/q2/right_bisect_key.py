# right (unusual): bisect.bisect_left over a range with key= (Python 3.10+)
import bisect
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks:
        return 0
    r = range(max(tasks), sum(tasks) + 1)
    return r[bisect.bisect_left(r, True, key=lambda T: fits(tasks, cpus, T))]
