# right: a plain list as the queue, and a "pending" list consumed by a generator-style pointer
def round_robin(tasks, quantum):
    pending = sorted(enumerate(tasks), key=lambda p: p[1].arrival)
    queue, left, fin, clock = [], {i: t.duration for i, t in enumerate(tasks)}, {}, None
    while pending or queue:
        if not queue:
            if clock is None or clock < pending[0][1].arrival:
                clock = pending[0][1].arrival
        while pending and pending[0][1].arrival <= clock:
            queue.append(pending.pop(0)[0])
        i = queue.pop(0)
        run = left[i] if left[i] < quantum else quantum
        clock += run; left[i] -= run
        while pending and pending[0][1].arrival <= clock:
            queue.append(pending.pop(0)[0])
        if left[i]:
            queue.append(i)
        else:
            fin[tasks[i].name] = clock
    return fin
