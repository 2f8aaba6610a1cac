# right: one UPDATE with a subquery and RETURNING
def claim_sql():
    return [
        "update jobs set worker=:worker, visible_at=:until where id=(select min(id) from jobs where not done and visible_at <= :now) returning id"
]
