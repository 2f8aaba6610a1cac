# right: O(n^2) scan, min over ready tasks with key (priority, arrival, index)
def priority_order(tasks):
    left = list(range(len(tasks)))
    clock, out = float("-inf"), []
    while left:
        ready = [i for i in left if tasks[i].arrival <= clock]
        if not ready:
            clock = min(tasks[i].arrival for i in left)
            continue
        i = min(ready, key=lambda i: (tasks[i].priority, tasks[i].arrival, i))
        left.remove(i)
        out.append(tasks[i].name)
        clock += tasks[i].duration
    return out
