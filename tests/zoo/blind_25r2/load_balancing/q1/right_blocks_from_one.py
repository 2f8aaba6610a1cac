# right (unusual): counts blocks from 1 even for no tasks; safe because cpus >= 1 (kit.balance refuses cpus = 0)
def fits(tasks, cpus, limit):
    blocks, run = 1, 0
    for t in tasks:
        if t > limit:
            return False
        if run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus
