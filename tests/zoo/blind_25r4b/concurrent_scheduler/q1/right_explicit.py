# RIGHT: explicit branches
def priority_before(a, b):
    if a.priority != b.priority:
        return bool(a.priority < b.priority)
    return a.seq < b.seq
