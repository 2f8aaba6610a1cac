# wrong: <= for < : a job counts as before itself
def priority_before(a, b):
    return (a.priority, a.seq) <= (b.priority, b.seq)
