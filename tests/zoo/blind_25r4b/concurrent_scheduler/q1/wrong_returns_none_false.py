# WRONG: returns None instead of False
def priority_before(a, b):
    if (a.priority, a.seq) < (b.priority, b.seq):
        return True
