# right: len()-based loop with early break
from kit.jobs import Status
def promote(delayed, ready, now):
    while len(delayed) > 0:
        head = delayed.peek()
        if head.run_at > now:
            break
        delayed.pop()
        if head.status is Status.PENDING:
            ready.push(head)
