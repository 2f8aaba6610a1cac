# 07 q5. Wrong: now read once per next_job call, before the loop.
# Breaks: "until the front job's run time (`timeout = run_at - now`)" (now after a wait)
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board

    def next_job(self):
        b = self.board
        now0 = b.clock.now()
        with b.cond:
            while True:
                if b.due:
                    run_at = b.due[0][0]
                    now = now0
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
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
