# wrong: skips bursts of 0 (no entry for them)
def levels_after(bursts, allotments):
    level, used, out, last = 0, 0, [], len(allotments) - 1
    for b in bursts:
        if not b:
            continue
        used += b
        if used >= allotments[level]:
            level, used = min(level + 1, last), 0
        out.append(level)
    return out
