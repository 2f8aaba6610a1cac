# right: tail-recursive
def promote(delayed, ready, now):
    if not delayed or delayed.peek().run_at > now:
        return
    j = delayed.pop()
    if j.status == "PENDING":
        ready.push(j)
    promote(delayed, ready, now)
