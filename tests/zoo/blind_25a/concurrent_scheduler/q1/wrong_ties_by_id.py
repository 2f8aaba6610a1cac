# ties broken by id, not by seq
def priority_before(a, b):
    return (a.priority, str(a.id)) < (b.priority, str(b.id))
