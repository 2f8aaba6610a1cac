# WRONG: sleep loop written with acquire/release (no with)
import heapq, time
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        b = self.board
        while True:
            b.cond.acquire()
            now = b.clock.now()
            if b.due and b.due[0][0] <= now:
                n = heapq.heappop(b.due)[2]
                b.cond.release()
                return n
            if b.stopping and not b.due:
                b.cond.release()
                return None
            b.cond.release()
            time.sleep(0.01)
    def work(self):
        while True:
            name = self.next_job()
            if name is None:
                return
            self.board.run(name)
    def shutdown(self):
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
