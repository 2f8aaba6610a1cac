# WRONG: ties by id
def priority_before(a, b):
    return (a.priority, str(a.id)) < (b.priority, str(b.id))
