# right: iter() with a sentinel-style helper
def promote(delayed, ready, now):
    def due():
        return delayed.pop() if delayed and not now < delayed.peek().run_at else None
    for job in iter(due, None):
        job.status == "PENDING" and ready.push(job)
    return None
