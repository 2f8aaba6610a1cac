# wrong: drops only when a single burst uses the whole allotment (the gameable rule)
def levels_after(bursts, allotments):
    level, out, last = 0, [], len(allotments) - 1
    for b in bursts:
        if b >= allotments[level]:
            level = min(level + 1, last)
        out.append(level)
    return out
