# 07 q2. Wrong: its own module lock, not the shared one, so a cancel holding `lock` is not excluded.
# Breaks: "all with the same `lock` (a `threading.Lock`): the test and the set must be one step"
import threading
_MINE = threading.Lock()
def claim(job, lock):
    with _MINE:
        if job.status == "PENDING":
            job.status = "RUNNING"
            return True
        return False
