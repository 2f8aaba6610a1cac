# wrong: no jobs gives -inf
def max_lateness(order):
    t = 0; best = float("-inf")
    for j in order:
        t += j.duration; best = max(best, t - j.deadline)
    return best
