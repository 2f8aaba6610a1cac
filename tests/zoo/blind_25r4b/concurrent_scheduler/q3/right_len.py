# RIGHT: len() test, break style
from kit.jobs import Status
def promote(delayed, ready, now):
    while len(delayed) > 0:
        if delayed.peek().run_at > now:
            break
        j = delayed.pop()
        if j.status != 'PENDING':
            continue
        ready.push(j)
