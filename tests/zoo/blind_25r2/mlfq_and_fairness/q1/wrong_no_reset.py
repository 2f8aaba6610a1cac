# wrong: usage not reset after a drop (it keeps counting at the new level)
def levels_after(bursts, allotments):
    level, used, out, last = 0, 0, [], len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[level]:
            level = min(level + 1, last)
        out.append(level)
    return out
