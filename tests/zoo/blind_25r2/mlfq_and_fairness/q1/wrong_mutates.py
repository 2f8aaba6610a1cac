# wrong: consumes the bursts list with pop(0)
def levels_after(bursts, allotments):
    level, used, out, last = 0, 0, [], len(allotments) - 1
    while bursts:
        used += bursts.pop(0)
        if used >= allotments[level]:
            level, used = min(level + 1, last), 0
        out.append(level)
    return out
