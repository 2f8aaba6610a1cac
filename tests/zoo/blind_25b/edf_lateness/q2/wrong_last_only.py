# mistake: returns lateness of the last job only
def max_lateness(order):
    t = 0; late = 0
    for j in order:
        t += j.duration
        late = t - j.deadline
    return late
