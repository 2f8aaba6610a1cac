# right: explicit acquire/release and try/finally
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        c = self.board.cond
        c.acquire()
        try:
            while True:
                due, now = self.board.due, self.board.clock.now()
                if due:
                    if due[0][0] <= now:
                        return heapq.heappop(due)[-1]
                    c.wait(due[0][0] - now)
                elif self.board.stopping:
                    return None
                else:
                    c.wait(None)
        finally:
            c.release()
    def work(self):
        while (job := self.next_job()) is not None:
            self.board.run(job)
    def shutdown(self):
        c = self.board.cond
        c.acquire()
        self.board.stopping = True
        c.notify_all()
        c.release()
