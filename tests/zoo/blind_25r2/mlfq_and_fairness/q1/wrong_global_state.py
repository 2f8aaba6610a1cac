# wrong: level and usage kept at module level (a second task starts where the first ended)
_state = {"level": 0, "used": 0}
def levels_after(bursts, allotments):
    out, last = [], len(allotments) - 1
    for b in bursts:
        _state["used"] += b
        if _state["used"] >= allotments[min(_state["level"], last)]:
            _state["level"], _state["used"] = min(_state["level"] + 1, last), 0
        out.append(min(_state["level"], last))
    return out
