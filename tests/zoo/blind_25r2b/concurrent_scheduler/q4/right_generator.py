# right: generator expression over pops
def next_job(ready):
    def pops():
        while ready:
            yield ready.pop()
    return next((j for j in pops() if j.claim()), None)
