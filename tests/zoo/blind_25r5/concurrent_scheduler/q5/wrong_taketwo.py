# 07 q5. Wrong: takes every due job at once and runs them one after another on this worker.
# Breaks: "take the front job once it is due ... run it after releasing the lock; repeat"
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
                        got = [heapq.heappop(b.due)[2]]
                        while b.due and b.due[0][0] <= now:
                            got.append(heapq.heappop(b.due)[2])
                        return got
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
            for n in name:
                self.board.run(n)

    def shutdown(self):
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
