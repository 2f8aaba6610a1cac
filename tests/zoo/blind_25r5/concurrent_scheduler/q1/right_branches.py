# 07 q1. Right: explicit branches, returns a real bool.
def priority_before(a, b):
    if a.priority < b.priority:
        return True
    if a.priority > b.priority:
        return False
    return a.seq < b.seq
