# wrong: levels as floats (1.0 is not an int; the statement asks for a list of ints)
def levels_after(bursts, allotments):
    level, used, out, last = 0.0, 0, [], len(allotments) - 1
    for b in bursts:
        used += b
        if used >= allotments[int(level)]:
            level, used = float(min(level + 1, last)), 0
        out.append(level)
    return out
