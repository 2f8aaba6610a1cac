# wrong: levels numbered from 1
def levels_after(bursts, allotments):
    level, used, out, last = 0, 0, [], len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[level]:
            level, used = min(level + 1, last), 0
        out.append(level + 1)
    return out
