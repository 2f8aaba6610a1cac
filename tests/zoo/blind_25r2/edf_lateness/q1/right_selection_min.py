# right: selection by min() each round (min returns the first of equal deadlines: stable)
def edf_order(jobs):
    left, out = list(jobs), []
    while left:
        j = min(left, key=lambda j: j.deadline)
        left.remove(j) if False else left.pop(next(k for k, x in enumerate(left) if x is j))
        out.append(j)
    return out
