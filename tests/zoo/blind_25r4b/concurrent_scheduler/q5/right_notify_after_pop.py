# RIGHT: extra notify() after each pop (harmless chain wake)
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
                    n = heapq.heappop(b.due)[2]
                    b.cond.notify()
                    return n
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
            self.board.stopping = True
            self.board.cond.notify_all()
