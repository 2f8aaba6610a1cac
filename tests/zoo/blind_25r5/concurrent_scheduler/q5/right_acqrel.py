# 07 q5. Right: acquire()/release() by hand with try/finally.
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board

    def next_job(self):
        b = self.board
        with b.cond:
            while True:
                if b.due:
                    run_at = b.due[0][0]
                    now = b.clock.now()
                    if run_at <= now:
                        return heapq.heappop(b.due)[2]
                    b.cond.wait(run_at - now)
                elif b.stopping:
                    return None
                else:
                    b.cond.wait(None)

    def work(self):
        while True:
            name = self.next_job()
            if name is None:
                return
            self.board.run(name)

    def shutdown(self):
        c = self.board.cond
        c.acquire()
        try:
            self.board.stopping = True
            c.notify_all()
        finally:
            c.release()
