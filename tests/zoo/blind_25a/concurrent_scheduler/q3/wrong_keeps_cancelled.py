# does not drop non-PENDING jobs
def promote(delayed, ready, now):
    while len(delayed) and delayed.peek().run_at <= now:
        ready.push(delayed.pop())
