# WRONG: returns an int not a bool
def priority_before(a, b):
    return int((a.priority, a.seq) < (b.priority, b.seq))
