# 07 q1: right: tuple comparison
def priority_before(a, b):
    return (a.priority, a.seq) < (b.priority, b.seq)
