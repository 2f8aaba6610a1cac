# right: tokens are fresh object() instances, ready line a list with a moving head index
class BorrowQueue:
    def __init__(self, lease_for):
        self.d, self.line, self.head, self.live = lease_for, [], 0, {}
    def put(self, job, now):
        self.line.append(job)
    def lease(self, worker, now):
        if self.head == len(self.line):
            return None
        job = self.line[self.head]; self.head += 1
        tok = object()
        self.hold(job, worker, tok, now + self.d)
        return job, tok
    def holds(self, worker, job, token, now):
        g = self.live.get(job)
        return bool(g) and g[0] == worker and g[1] is token
    def hold(self, job, worker, token, expires_at):
        self.live[job] = (worker, token, expires_at)
    def ack(self, worker, job, token, now):
        if self.holds(worker, job, token, now):
            self.live.pop(job)
            return True
        return False
    def holder(self, job, now):
        return self.live.get(job)
