# 07 q5. Right but unusual: a predicate loop written out with wait(timeout) computed each turn, via a helper.
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def _timeout(self):
        b = self.board
        if b.due:
            return b.due[0][0] - b.clock.now()
        return None
    def next_job(self):
        b = self.board
        with b.cond:
            while not (b.due and b.due[0][0] <= b.clock.now()):
                if not b.due and b.stopping:
                    return None
                b.cond.wait(self._timeout())
            return heapq.heappop(b.due)[2]
    def work(self):
        for name in iter(self.next_job, None):
            self.board.run(name)
    def shutdown(self):
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
