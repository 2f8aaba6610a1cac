# wrong: returns None instead of False when not before
def priority_before(a, b):
    return True if (a.priority, a.seq) < (b.priority, b.seq) else None
