# WRONG: writes status back on failure (changes nothing? rewrites same)
def claim(job, lock):
    with lock:
        s = job.status
        ok = s == 'PENDING'
    job.status = 'RUNNING' if ok else s
    return ok
