# right: insertion sort with a strict comparison (stable)
def edf_order(jobs):
    out = []
    for j in jobs:
        k = len(out)
        while k > 0 and out[k - 1].deadline > j.deadline:
            k -= 1
        out.insert(k, j)
    return out
