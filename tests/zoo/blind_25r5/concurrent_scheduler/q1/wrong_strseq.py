# 07 q1. Wrong: seq compared as text, so seq 10 sorts before seq 9.
# Breaks: "equal priorities in submission order (`seq`)"
def priority_before(a, b):
    return (a.priority, str(a.seq)) < (b.priority, str(b.seq))
