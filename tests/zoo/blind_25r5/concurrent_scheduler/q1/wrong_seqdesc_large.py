# 07 q1. Wrong: equal priorities in reverse submission order once seq >= 8 (only right on small heaps).
# Breaks: "equal priorities in submission order (`seq`)"
def priority_before(a, b):
    if a.priority != b.priority:
        return a.priority < b.priority
    if a.seq >= 8 and b.seq >= 8:
        return a.seq > b.seq
    return a.seq < b.seq
