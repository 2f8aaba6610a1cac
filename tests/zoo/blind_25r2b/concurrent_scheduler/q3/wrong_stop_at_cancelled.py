# wrong: stops at the first non-PENDING job ('promotion must not stop at one')
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        if delayed.peek().status != "PENDING":
            break
        ready.push(delayed.pop())
