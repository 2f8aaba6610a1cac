# style: compare (priority, seq) tuples
def priority_before(a, b):
    return (a.priority, a.seq) < (b.priority, b.seq)
