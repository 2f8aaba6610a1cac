# wrong: normalises priority on the job (writes a.priority = int(a.priority))
def priority_before(a, b):
    a.priority = int(a.priority); b.priority = int(b.priority)
    return (a.priority, a.seq) < (b.priority, b.seq)
