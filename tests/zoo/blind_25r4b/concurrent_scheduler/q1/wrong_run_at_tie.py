# WRONG: ties by run_at then seq
def priority_before(a, b):
    return (a.priority, a.run_at, a.seq) < (b.priority, b.run_at, b.seq)
