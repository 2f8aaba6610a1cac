# wrong: my own lease that ends exactly now still counts as held (strict < for my rows, <= for the others)
def claim_sql():
    return ["UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT min(id) FROM jobs WHERE done = 0 AND ((worker IS NOT :worker AND visible_at <= :now) OR (worker = :worker AND visible_at < :now))) RETURNING id"]
