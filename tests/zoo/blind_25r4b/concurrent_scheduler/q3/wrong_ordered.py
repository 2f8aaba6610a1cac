# WRONG: uses delayed.ordered() to read whole
from kit.jobs import Status
def promote(delayed, ready, now):
    for j in delayed.ordered():
        if j.run_at > now: break
        delayed.pop()
        if j.status == Status.PENDING: ready.push(j)
