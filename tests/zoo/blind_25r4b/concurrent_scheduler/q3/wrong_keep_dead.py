# WRONG: pushes non-PENDING jobs too
from kit.jobs import Status
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        ready.push(delayed.pop())
