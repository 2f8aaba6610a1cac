# wrong: drops below the last level (no clamp)
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    last = len(allotments) - 1
    for b in bursts:
        used += b
        if lvl < len(allotments) and used >= allotments[min(lvl, last)]:
            lvl = lvl + 1; used = 0
        out.append(lvl)
    return out
