# right?: returns numpy-free bool subclass? no: returns `not not x` (a bool) via any()
def fits(tasks, cpus, limit):
    blocks = 0; cur = None
    for x in tasks:
        if x > limit: return False
        if cur is None or cur + x > limit: blocks, cur = blocks + 1, x
        else: cur += x
    return not any(True for _ in range(blocks - cpus)) if blocks > cpus else True
