# wrong type: returns a tuple; statement: "Return the **list** of start times"
def recurring_starts(first, period, durations):
    out = []; slot = first
    for d in durations:
        out.append(slot)
        end = slot + d
        while slot < end:
            slot += period
    return tuple(out)
