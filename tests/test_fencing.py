"""The fencing story (kit.fencing) and its explorer: who writes when, what each store keeps."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.exercises.durable_queue import FencedStore
from kit.fencing import FIRST, LEASE_FOR, SECOND, WORK, PlainStore, fencing_story


def test_a_short_pause_leaves_the_first_worker_alone():
    story = fencing_story(1, 0, FencedStore())
    assert story.taken_at is None and story.final == "by first #1" and not story.stale
    assert [(e.t, e.what, e.ok) for e in story.events] == [
        (0, "lease", True), (WORK + 1, "write", True), (WORK + 1, "ack", True)]


def test_kleppmanns_picture_fenced_and_plain():
    """Paused past its lease and past the new holder's write: the fence refuses the late
    write; a plain store keeps it, and the stale result wins."""
    fenced, plain = fencing_story(6, 0, FencedStore()), fencing_story(6, 0, PlainStore())
    assert fenced.taken_at == plain.taken_at == LEASE_FOR
    late = [e for e in fenced.events if e.worker == FIRST and e.what == "write"]
    assert late[0].t == WORK + 6 and late[0].ok is False
    assert fenced.final == "by second #2" and not fenced.stale
    assert plain.final == "by first #1" and plain.stale
    assert all(not e.ok for e in plain.events if e.worker == FIRST and e.what == "ack")


def test_skew_makes_the_second_worker_take_the_job_early():
    story = fencing_story(0, 3, FencedStore())  # the first worker writes at 3; taken at 2
    assert story.taken_at == LEASE_FOR - 3
    acks = {e.worker: e.ok for e in story.events if e.what == "ack"}
    assert acks == {FIRST: False, SECOND: True}  # the work ran twice; one ack counts


@given(st.integers(0, 12), st.integers(0, 6))
def test_the_fence_never_keeps_the_stale_result_and_plain_keeps_the_last_write(pause, skew):
    fenced, plain = fencing_story(pause, skew, FencedStore()), fencing_story(pause, skew,
                                                                             PlainStore())
    assert not fenced.stale
    writes = [e for e in plain.events if e.what == "write"]
    assert plain.final == f"by {writes[-1].worker.split()[0]} #{writes[-1].token}"
    times = [e.t for e in fenced.events]
    assert times == sorted(times)
    # taken exactly when the second worker's clock first says the lease is over
    if fenced.taken_at is not None:
        assert fenced.taken_at + skew >= LEASE_FOR > fenced.taken_at - 1 + skew or \
            fenced.taken_at == 0


@pytest.mark.parametrize("args, match", [((-1, 0), "pause must be >= 0, got -1"),
                                         ((0, "3"), "skew must be a number, got '3'"),
                                         ((0, 0, object()), "store.write must be callable")])
def test_bad_input_names_the_argument(args, match):
    store = args[2] if len(args) > 2 else PlainStore()
    with pytest.raises((TypeError, ValueError), match=match):
        fencing_story(args[0], args[1], store)


def test_the_explorer_tells_the_story_and_switches_stores():
    from kit.exercises.durable_queue import FencedStore
    from kit.widgets.fencing import FencingExplorer

    e = FencingExplorer(FencedStore, pause=6, skew=0)
    text = e._repr_mimebundle_()["text/plain"]
    assert "t=9 first worker: write (token 1) refused" in text and "newest holder" in text
    e.store.value = e.store.options[1]
    assert "STALE holder's late write" in e.lines[-1]
    e.pause.value = 0
    assert e.lines[-1].startswith("the first worker finished within its lease")
    before = e.picture.value
    e.update()
    assert e.picture.value == before  # deterministic: the same picture, byte for byte
