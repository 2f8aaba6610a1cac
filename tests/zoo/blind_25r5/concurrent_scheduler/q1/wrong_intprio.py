# 07 q1. Wrong: float priorities truncated to int (1.7 ties 1.2 and falls back on seq).
# Breaks: "lower `priority` first"
def priority_before(a, b):
    return (int(a.priority), a.seq) < (int(b.priority), b.seq)
