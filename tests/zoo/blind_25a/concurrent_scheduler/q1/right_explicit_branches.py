# style: explicit branches
def priority_before(a, b):
    if a.priority != b.priority:
        return bool(a.priority < b.priority)
    return bool(a.seq < b.seq)
