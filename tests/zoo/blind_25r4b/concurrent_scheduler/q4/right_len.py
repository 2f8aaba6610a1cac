# RIGHT: len() loop, implicit None
def next_job(ready):
    while len(ready):
        j = ready.pop()
        if j.claim():
            return j
