# wrong: recursive (one level per task: recursion limit at 10,000 tasks)
def fits(tasks, cpus, limit):
    def go(i, cur, blocks):
        if i == len(tasks): return blocks <= cpus
        x = tasks[i]
        if x > limit: return False
        if cur + x > limit: return go(i + 1, x, blocks + 1)
        return go(i + 1, cur + x, blocks)
    return go(0, 0, 1 if tasks else 0)
