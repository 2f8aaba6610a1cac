# 07 q1. Wrong: the comparison writes to the jobs (counts attempts as a side effect).
# Breaks the policy rule being a pure question ("return True when job a should leave ... before b")
def priority_before(a, b):
    a.attempts += 0 if a.attempts else 0
    b.run_at = b.run_at + 0.0
    return (a.priority, a.seq) < (b.priority, b.seq)
