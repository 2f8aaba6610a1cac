# WRONG: uses its own new Lock, not the given one
import threading
def claim(job, lock):
    with threading.Lock():
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True
        return False
