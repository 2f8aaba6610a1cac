# wrong: tokens computed from the start time and the total spent (an idle hour is banked)
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.start = clock.now(); self.spent = 0
    def try_acquire(self, cost=1):
        have = min(self.capacity, self.capacity + (self.clock.now() - self.start) * self.rate - self.spent)
        if have >= cost:
            self.spent += cost
            return True
        return False
