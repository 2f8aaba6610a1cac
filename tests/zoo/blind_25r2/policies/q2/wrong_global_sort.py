# wrong: sorts all tasks by priority ignoring that a task cannot run before it arrives
def priority_order(tasks):
    return [t.name for t in sorted(tasks, key=lambda t: (t.priority, t.arrival))]
