# <= for <: a tie counted as before
def priority_before(a, b):
    return (a.priority, a.seq) <= (b.priority, b.seq)
