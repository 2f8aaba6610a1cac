# wrong: seq first, priority second
def priority_before(a, b):
    return (a.seq, a.priority) < (b.seq, b.priority)
