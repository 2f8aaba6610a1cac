# WRONG?: returns numpy-like truthy object? uses 'and' returning value
def priority_before(a, b):
    return a.priority < b.priority or (a.priority == b.priority and a.seq < b.seq and a.seq+1)
