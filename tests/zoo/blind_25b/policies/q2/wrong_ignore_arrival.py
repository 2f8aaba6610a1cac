# mistake: sorts everything by priority, ignoring that tasks are not ready before they arrive
def priority_order(tasks):
    return [x.name for x in sorted(tasks, key=lambda x: (x.priority, x.arrival))]
