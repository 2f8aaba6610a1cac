# 07 q5. Wrong: looks at the heap and the flag without the lock, then waits for a notify without looking again.
# Breaks: "With nothing due, wait on the condition variable ... until notified" (a push+notify between the look and the wait is lost)
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board

    def next_job(self):
        b = self.board
        while True:
            if not b.due and not b.stopping:
                with b.cond:
                    b.cond.wait(None)
                continue
            with b.cond:
                if b.due:
                    run_at = b.due[0][0]
                    now = b.clock.now()
                    if run_at <= now:
                        return heapq.heappop(b.due)[2]
                    b.cond.wait(run_at - now)
                elif b.stopping:
                    return None

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
