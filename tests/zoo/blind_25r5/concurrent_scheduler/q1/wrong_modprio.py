# 07 q1. Wrong: priorities compared modulo 1000 (right on small inputs only).
# Breaks: "lower `priority` first"
def priority_before(a, b):
    return (a.priority % 1000, a.seq) < (b.priority % 1000, b.seq)
