# wrong: compares each burst alone to the allotment (no accounting)
def levels_after(bursts, allotments):
    lvl = 0; out = []
    for b in bursts:
        if b >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1)
        out.append(lvl)
    return out
