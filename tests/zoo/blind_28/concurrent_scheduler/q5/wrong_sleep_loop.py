# wrong: sleeps outside the lock with time.sleep instead of waiting on the condition variable; statement: 'Not a sleep loop'
import heapq, time
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def next_job(self):
        b = self.board
        while True:
            with b.cond:
                if b.due and b.due[0][0] <= b.clock.now():
                    return heapq.heappop(b.due)[2]
                if not b.due and b.stopping:
                    return None
            time.sleep(0.001)
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
