# 07 q5. Wrong: always waits for a notify, never with a timeout (a job queued for later is only started by the next submit).
# Breaks: "until the front job's run time (`timeout = run_at - now`) when something is queued"
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
                    b.cond.wait(None)
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
