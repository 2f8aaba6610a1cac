# 07 q5. Wrong: if instead of while: after one wait the front job is taken even if not due.
# Breaks: "take the front job once it is due (`run_at <= now`)"
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
                    return heapq.heappop(b.due)[2]
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
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
