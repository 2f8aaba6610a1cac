# 07 q1. Wrong: each comparison counts itself in the jobs' attempts field (a side effect on every call).
# Breaks: a policy rule only answers "should a leave before b" (the checks "look at everything the statement mentions": every job's fields)
def priority_before(a, b):
    a.attempts += 1
    return (a.priority, a.seq) < (b.priority, b.seq)
