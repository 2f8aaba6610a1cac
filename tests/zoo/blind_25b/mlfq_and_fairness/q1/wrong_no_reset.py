# mistake: usage not reset when dropping a level (carries over)
def levels_after(bursts, allotments):
    lvl = 0; used = 0; out = []
    for b in bursts:
        used += b
        while used >= allotments[lvl] and lvl < len(allotments) - 1:
            lvl += 1
        out.append(lvl)
    return out
