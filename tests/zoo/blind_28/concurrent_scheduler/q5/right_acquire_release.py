# right: explicit acquire/release with try/finally, walrus for the job name
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def _take(self):
        b = self.board
        while True:
            now = b.clock.now()
            if b.due and b.due[0][0] <= now:
                return heapq.heappop(b.due)[2]
            if not b.due:
                if b.stopping:
                    return None
                b.cond.wait(None)
            else:
                b.cond.wait(b.due[0][0] - now)
    def next_job(self):
        self.board.cond.acquire()
        try:
            return self._take()
        finally:
            self.board.cond.release()
    def work(self):
        while (name := self.next_job()) is not None:
            self.board.run(name)
    def shutdown(self):
        self.board.cond.acquire()
        try:
            self.board.stopping = True
            self.board.cond.notify_all()
        finally:
            self.board.cond.release()
