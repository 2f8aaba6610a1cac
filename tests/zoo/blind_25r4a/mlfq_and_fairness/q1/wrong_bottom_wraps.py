# wrong: at the last level a full allotment wraps to level 0
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = (lvl + 1) % len(allotments); used = 0
        out.append(lvl)
    return out
