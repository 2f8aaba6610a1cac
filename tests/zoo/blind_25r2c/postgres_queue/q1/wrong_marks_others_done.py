# wrong: also marks every job this worker held before as done (an 'ack' hidden in the claim)
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
        "UPDATE jobs SET done = 1 WHERE worker = :worker AND id <> coalesce(:id, -1)",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"
]
