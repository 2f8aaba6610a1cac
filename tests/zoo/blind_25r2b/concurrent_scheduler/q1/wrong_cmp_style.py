# wrong: cmp-style negative number for before, truthy for after
def priority_before(a, b):
    return (a.priority - b.priority) or (a.seq - b.seq)
