# mistake: starts the maximum at 0 (tardiness), so all-early gives 0 not a negative number
def max_lateness(order):
    t = 0; best = 0
    for j in order:
        t += j.duration
        best = max(best, t - j.deadline)
    return best
