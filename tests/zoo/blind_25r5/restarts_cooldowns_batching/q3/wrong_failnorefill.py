# 11 q3. Wrong: a refused request moves the refill mark without adding the tokens it earned.
# Breaks: "gains rate tokens per unit of time ... refill when a request comes"
class TokenBucket:
    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        earned = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if cost > earned:
            return False
        self.tokens = earned
        if cost <= self.tokens:
            self.tokens -= cost
            return True
        return False
