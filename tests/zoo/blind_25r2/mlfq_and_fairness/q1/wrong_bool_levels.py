# wrong: with two levels returns bools ("dropped or not"), not ints
def levels_after(bursts, allotments):
    level, used, out, last = 0, 0, [], len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[level]:
            level, used = min(level + 1, last), 0
        out.append(bool(level) if last == 1 else level)
    return out
