# mistake: reports the level during the burst, not after it
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        out.append(lvl)
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
    return out
