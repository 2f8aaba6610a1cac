# wrong: returns an int (difference sign) instead of a bool
def priority_before(a, b):
    return int((a.priority, a.seq) < (b.priority, b.seq))
