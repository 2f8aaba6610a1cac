# WRONG: higher priority first
def priority_before(a, b):
    return (-a.priority, a.seq) < (-b.priority, b.seq)
