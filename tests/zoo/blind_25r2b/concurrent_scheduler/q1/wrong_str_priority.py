# wrong: compares priorities as strings ('10' < '9')
def priority_before(a, b):
    return (str(a.priority), a.seq) < (str(b.priority), b.seq)
