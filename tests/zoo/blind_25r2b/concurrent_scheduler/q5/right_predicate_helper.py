# right: a small state machine helper _step() returning ('run', name) / ('exit',) / ('wait', timeout), all under one with
import heapq
class WorkerLoop:
    def __init__(self, board):
        self.board = board
    def _step(self):
        b = self.board
        now = b.clock.now()
        if b.due and b.due[0][0] <= now:
            return ("run", heapq.heappop(b.due)[2])
        if b.stopping and not b.due:
            return ("exit",)
        return ("wait", b.due[0][0] - now if b.due else None)
    def next_job(self):
        with self.board.cond:
            while True:
                step = self._step()
                if step[0] == "run":
                    return step[1]
                if step[0] == "exit":
                    return None
                self.board.cond.wait(step[1])
    def work(self):
        while True:
            name = self.next_job()
            if name is None:
                break
            self.board.run(name)
    def shutdown(self):
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()
