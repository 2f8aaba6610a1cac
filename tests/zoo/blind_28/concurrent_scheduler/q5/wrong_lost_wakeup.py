# wrong: looks at the heap and the flag before taking the lock (lost wake-up); statement pitfall 'looking at the heap or the flag *before* taking the lock'
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        b = self.board
        while True:
            empty = not b.due
            stopping = b.stopping
            if empty and stopping:
                return None
            with b.cond:
                if empty:
                    b.cond.wait(None)
                    continue
                run_at = b.due[0][0]
                now = b.clock.now()
                if run_at <= now:
                    return heapq.heappop(b.due)[2]
                b.cond.wait(run_at - now)
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
