# wrong: the claim also extends every other held lease by 1 (changes jobs it did not claim)
def claim_sql():
    return [
        "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id",
        "UPDATE jobs SET visible_at = visible_at + 1 WHERE id IN (SELECT id FROM jobs WHERE done = 0 AND visible_at > :now AND id <> coalesce(:id, -1) FOR UPDATE SKIP LOCKED)"
]
