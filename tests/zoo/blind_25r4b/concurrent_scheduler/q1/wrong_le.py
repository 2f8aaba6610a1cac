# WRONG: <= on tuple (a before a -> True)
def priority_before(a, b):
    return (a.priority, a.seq) <= (b.priority, b.seq)
