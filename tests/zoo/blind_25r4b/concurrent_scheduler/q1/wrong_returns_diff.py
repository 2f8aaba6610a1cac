# WRONG: returns truthy number (cmp-like), not a bool
def priority_before(a, b):
    if a.priority != b.priority:
        return a.priority < b.priority
    return (b.seq - a.seq) if a.seq < b.seq else False
