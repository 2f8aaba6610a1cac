# returns an int (cmp-style -1/0/1 truthiness) instead of a bool
def priority_before(a, b):
    return int((a.priority, a.seq) < (b.priority, b.seq))
