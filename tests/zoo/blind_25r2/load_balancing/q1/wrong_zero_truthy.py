# wrong: `if run and ...` treats a block of running sum 0 as no block open, so zeros open blocks
def fits(tasks, cpus, limit):
    blocks, run = 0, 0
    for t in tasks:
        if t > limit:
            return False
        if not run or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus
