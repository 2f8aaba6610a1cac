# right: compute one timeout (None when empty) and a single wait call site
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        b = self.board
        with b.cond:
            while b.due or not b.stopping:
                timeout = None
                if b.due:
                    timeout = b.due[0][0] - b.clock.now()
                    if timeout <= 0:
                        return heapq.heappop(b.due)[2]
                b.cond.wait(timeout)
            return None
    def work(self):
        for name in iter(self.next_job, None):
            self.board.run(name)
    def shutdown(self):
        b = self.board
        with b.cond:
            b.stopping = True
            b.cond.notify_all()
