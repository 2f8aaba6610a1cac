# wrong: absolute lateness |finish - deadline|
def max_lateness(order):
    t = 0; best = 0
    for j in order:
        t += j.duration; best = max(best, abs(t - j.deadline))
    return best
