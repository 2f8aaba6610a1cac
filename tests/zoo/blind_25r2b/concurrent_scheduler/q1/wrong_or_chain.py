# wrong: a.priority < b.priority or a.seq < b.seq (not lexicographic)
def priority_before(a, b):
    return a.priority < b.priority or a.seq < b.seq
