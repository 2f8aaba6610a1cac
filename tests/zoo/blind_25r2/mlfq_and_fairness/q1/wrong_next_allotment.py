# wrong: compares with allotments[level + 1] (off by one in the index)
def levels_after(bursts, allotments):
    level, used, out, last = 0, 0, [], len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[min(level + 1, last)]:
            level, used = min(level + 1, last), 0
        out.append(level)
    return out
