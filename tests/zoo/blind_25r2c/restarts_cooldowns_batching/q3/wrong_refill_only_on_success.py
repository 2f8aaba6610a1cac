# wrong: refill stored only when the request goes through (a refused call's wait is lost... and last moves)
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()
    def try_acquire(self, cost=1):
        now = self.clock.now()
        avail = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if avail >= cost:
            self.tokens = avail - cost
            return True
        return False
