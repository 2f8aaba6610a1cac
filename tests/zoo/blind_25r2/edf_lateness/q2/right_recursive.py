# right: recursion carrying the clock
def max_lateness(order, _i=0, _t=0):
    if _i == len(order):
        return None if _i else 0
    f = _t + order[_i].duration
    rest = max_lateness(order, _i + 1, f)
    here = f - order[_i].deadline
    return here if rest is None or here >= rest else rest
