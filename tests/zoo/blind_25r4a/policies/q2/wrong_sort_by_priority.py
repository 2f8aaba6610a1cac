# wrong: ignores arrivals: sorts everything by priority
def priority_order(tasks):
    return [t.name for t in sorted(tasks, key=lambda t: t.priority)]
