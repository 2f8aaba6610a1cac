# WRONG: priority <= only (ties true both ways)
def priority_before(a, b):
    return a.priority <= b.priority
