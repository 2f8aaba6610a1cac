# wrong: priority alone, no seq tie-break
def priority_before(a, b):
    return a.priority < b.priority
