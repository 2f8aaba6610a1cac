# 07 q5. Right (on reflection): looks at the heap outside the lock, but re-checks due/stopping under the lock before any wait; a stale look only costs one more turn.
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board

    def next_job(self):
        b = self.board
        while True:
            empty = not b.due and not b.stopping
            with b.cond:
                if b.due:
                    run_at = b.due[0][0]
                    now = b.clock.now()
                    if run_at <= now:
                        return heapq.heappop(b.due)[2]
                    b.cond.wait(run_at - now)
                elif b.stopping:
                    return None
                elif empty:
                    b.cond.wait(None)

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
