# Exercise 10 q1. RIGHT, unusual: greedy from the right end (also optimal), via reversed().
def fits(tasks, cpus, limit):
    blocks, cur = 0, None
    for x in reversed(tasks):
        if x > limit: return False
        if cur is None or cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= max(cpus, 0) or not tasks
