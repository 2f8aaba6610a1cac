# wrong: takes a fresh threading.Lock() each call instead of the shared one
def claim(job, lock):
    import threading
    with threading.Lock():
        if job.status != "PENDING":
            return False
        job.status = "RUNNING"
        return True
