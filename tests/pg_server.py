"""The PostgreSQL server the test suite starts for itself (never one someone left running).

`throwaway_server()` wraps `kit.pgqueue.local_server()`: initdb in a fresh temporary folder
(owned by the `postgres` user when the suite runs as root, since the server refuses to run as
root, and started through `runuser`), a free port on 127.0.0.1, `pg_ctl start -w`; at the end
`pg_ctl stop -m immediate` and the folder is removed. On a machine without the server programs
the test that needs it fails with one line saying what to install (`make test` installs them:
.ci/system-deps). conftest.py turns it into the session-scoped `pg_dsn` fixture.
"""

from contextlib import contextmanager

import pytest

from kit.pgqueue import ServerMissing, local_server


@contextmanager
def throwaway_server():
    """Yield the DSN of a fresh cluster; stop and delete it afterwards."""
    try:
        server = local_server()
        dsn = server.__enter__()
    except ServerMissing as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield dsn
    finally:
        server.__exit__(None, None, None)
