# WRONG: runs tasks in given order, idling when needed
def least_interval(tasks, n):
    last = {}; t = 0
    for x in tasks:
        t = max(t + 1, last.get(x, -10**9) + n + 1)
        last[x] = t
    return t
