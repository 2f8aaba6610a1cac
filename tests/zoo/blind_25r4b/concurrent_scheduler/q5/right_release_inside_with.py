# RIGHT: one `with board.cond:` around the whole loop; the lock is released around board.run (valid with threading.Condition)
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        b = self.board
        while True:
            now = b.clock.now()
            if b.due and b.due[0][0] <= now:
                return heapq.heappop(b.due)[2]
            if b.stopping and not b.due:
                return None
            b.cond.wait(b.due[0][0] - now if b.due else None)
    def work(self):
        b = self.board
        with b.cond:
            while True:
                name = self.next_job()
                if name is None:
                    return
                b.cond.release()
                try:
                    b.run(name)
                finally:
                    b.cond.acquire()
    def shutdown(self):
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
