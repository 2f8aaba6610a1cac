# RIGHT: notify_all then flag, both under lock
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        b = self.board
        with b.cond:
            while True:
                now = b.clock.now()
                if b.due and b.due[0][0] <= now:
                    return heapq.heappop(b.due)[2]
                if b.stopping and not b.due:
                    return None
                timeout = b.due[0][0] - now if b.due else None
                b.cond.wait(timeout)
    def work(self):
        while True:
            name = self.next_job()
            if name is None:
                return
            self.board.run(name)
    def shutdown(self):
        with self.board.cond:
            self.board.cond.notify_all()
            self.board.stopping = True
