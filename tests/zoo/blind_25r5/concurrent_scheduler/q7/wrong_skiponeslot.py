# 07 q7. Wrong: a slow run skips only one slot, whatever its length.
# Breaks: "that slot, and every slot the slow run covers, is **skipped**"
def recurring_starts(first, period, durations):
    out, slot, end = [], first, None
    for d in durations:
        if end is not None and end > slot:
            slot += period
            if end > slot:
                slot = end  # start as soon as it ends
        out.append(slot)
        end = slot + d
        slot += period
    return out
