# wrong: returns one module-level list refilled on every call
_out = []
def levels_after(bursts, allotments):
    _out.clear(); lvl = 0; used = 0
    for b in bursts:
        used += b
        if used >= allotments[lvl]:
            lvl = min(lvl + 1, len(allotments) - 1); used = 0
        _out.append(lvl)
    return _out
