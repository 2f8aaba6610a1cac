# mistake: answers with weight shares, ignoring what was actually served
def shares_after(queues, weights, quantum, k):
    w = sum(weights[t] for t in queues if queues[t])
    if w == 0 or k == 0: return {}
    return {t: weights[t] / w for t in queues if queues[t]}
