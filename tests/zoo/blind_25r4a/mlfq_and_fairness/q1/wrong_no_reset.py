# wrong: usage not reset after a drop
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    last = len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, last)
        out.append(lvl)
    return out
