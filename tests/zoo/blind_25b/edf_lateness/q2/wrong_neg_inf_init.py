# mistake: initial -inf returned for empty input instead of 0
def max_lateness(order):
    t = 0; best = float('-inf')
    for j in order:
        t += j.duration
        best = max(best, t - j.deadline)
    return best
