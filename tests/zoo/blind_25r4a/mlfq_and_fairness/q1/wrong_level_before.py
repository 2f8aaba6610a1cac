# wrong: records the level before the drop
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        used += b; out.append(lvl)
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
    return out
