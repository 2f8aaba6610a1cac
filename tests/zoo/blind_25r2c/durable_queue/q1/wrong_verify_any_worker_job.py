# wrong: UPDATE then SELECT any job held by me (a done or old job of mine)
def claim_sql():
    return [
        "BEGIN IMMEDIATE",
        "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1)",
        "SELECT id FROM jobs WHERE worker = :worker ORDER BY id LIMIT 1",
        "COMMIT"
]
