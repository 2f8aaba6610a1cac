# Exercise 03 q1. WRONG: usage is not reset after a drop (carried total compared to the next level).
# Breaks "its usage starts again from 0".
def levels_after(bursts, allotments):
    lvl, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1)
        out.append(lvl)
    return out
