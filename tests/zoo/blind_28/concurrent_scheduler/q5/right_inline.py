# right: everything inline in work(), keyword timeout, flag checked first but only exits when empty
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.b = board
    def next_job(self):
        raise NotImplementedError  # not used by this style? kept for the interface
    def work(self):
        b = self.b
        while True:
            with b.cond:
                while True:
                    if b.stopping and not b.due:
                        return
                    if not b.due:
                        b.cond.wait(timeout=None)
                        continue
                    wait_for = b.due[0][0] - b.clock.now()
                    if wait_for <= 0:
                        _, _, name = heapq.heappop(b.due)
                        break
                    b.cond.wait(timeout=wait_for)
            b.run(name)
    def shutdown(self):
        with self.b.cond:
            self.b.stopping = True
            self.b.cond.notify_all()
