# wrong: no bursts gives [0] ("the task is at level 0")
def levels_after(bursts, allotments):
    if not bursts:
        return [0]
    level, used, out, last = 0, 0, [], len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[level]:
            level, used = min(level + 1, last), 0
        out.append(level)
    return out
