# wrong: ties broken by attempts then seq
def priority_before(a, b):
    return (a.priority, a.attempts, a.seq) < (b.priority, b.attempts, b.seq)
