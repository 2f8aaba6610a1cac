# wrong: max() of an empty sequence raises on no jobs
def max_lateness(order):
    t, ls = 0, []
    for j in order:
        t += j.duration; ls.append(t - j.deadline)
    return max(ls)
