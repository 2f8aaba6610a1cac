"""The grader's side of the pipe protocol with one learner's sandboxed process.

`Learner` starts the notebook's interpreter in its sandbox (`kit.grading.isolation`), sends the
cells, then, per question, asks the notebook's process to fork the question's own process and
sends it cases; it reads plain data back (size- and depth-limited JSON, decoded by
`kit.grading.wire` into the record types the question expects) by its own clock. Why a process is
gone is a `Gone` (an enum, never recognised by its text); the protocol itself is described in
`kit.grading.learner`.
"""

import functools
import json
import os
import select
import signal
import sys
import time
from enum import Enum
from pathlib import Path
from typing import NamedTuple

from kit.checks.engine import CRASHED, MUTATED, NOT_ATTEMPTED, TIMED_OUT, Observation
from kit.grading import isolation, wire
from kit.grading.shown import shown

START_SECONDS = 30  # the start-up allowance in CPU time: the interpreter, then the cells
START_WALL = 90  # and in wall-clock time, for a start-up that sleeps or waits
STARTED_SECONDS = 10  # for the question's process to say it is there
BOOT = ("import sys; sys.path.insert(0, {parent!r}); "
        "from kit.grading.learner import main; raise SystemExit(main())")
KINDS = ("ok", NOT_ATTEMPTED, CRASHED, TIMED_OUT, MUTATED)


class Gone(Enum):
    """Why the notebook's process, or the question's, is gone."""

    DID_NOT_START = "the notebook's process did not start"
    CELLS_TOO_LONG = (f"the notebook's cells did not finish within {START_SECONDS} s of CPU time "
                      f"({START_WALL} s of wall-clock time)")
    NO_ANSWER = "no answer in time"
    ENDED = "the notebook's process ended"
    QUESTION_ENDED = "the process answering this question ended"
    QUESTION_NOT_STARTED = "the notebook's process did not start the question"
    NOT_READING = "the notebook's process stopped reading its requests"
    NOT_AN_ANSWER = "the notebook's process sent something that is not an answer"
    ODD = "the notebook's process sent something odd"
    TOO_LARGE = "the answer was too large"
    START_TOO_LARGE = "the cells' output or error messages were too large to grade"
    UNSTOPPABLE = "started more processes than could be stopped"
    OUT_OF_TIME = "the question used up its time"
    CLOSED = "closed"

    @property
    def outcome(self) -> str:
        return TIMED_OUT if self in (Gone.NO_ANSWER, Gone.OUT_OF_TIME) else CRASHED


class Lost(NamedTuple):
    why: Gone
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.why.value} ({self.detail})" if self.detail else self.why.value


@functools.lru_cache
def watched(topic: str) -> frozenset:
    """What a learner's call watch may report for `topic`: the kit's functions, PROBE_OFF."""
    from kit.grading.learner import PROBE_OFF, kit_functions

    return frozenset(kit_functions(topic).values()) | {PROBE_OFF}


class Learner:
    """One sandboxed interpreter holding a learner's notebook; a fresh process per question."""

    def __init__(self, cells: list[str], topic: str, isolated: bool, records: frozenset,
                 cell_seconds: float):
        import kit

        self.watched = watched(topic)
        self.called: set[str] = set()  # the kit's functions the question's answer called
        parent = str(Path(kit.__file__).resolve().parent.parent)
        # the venv's interpreter by its real folder (the sandbox binds real paths only), but
        # not resolved itself: the link is what makes it the venv's
        python = Path(sys.executable).parent.resolve() / Path(sys.executable).name
        command = [str(python), "-I", "-B", "-c", BOOT.format(parent=parent)]
        self.box = isolation.Sandbox(command, isolated)
        self.records = records
        self.buffer = b""
        self.dead: Lost | None = None  # the whole process is gone
        self.gone: Lost | None = None  # the current question's process is gone
        self.answering = False  # the question's process has said it is there
        self.cpu_limit: float | None = None
        self.errors: list[dict] = []  # {cell, line, error} per cell that failed
        deadline = time.monotonic() + START_WALL
        self.cpu_limit = START_SECONDS  # while starting: the whole sandbox's CPU time
        self._send({"cells": cells, "exercises": topic, "cell_seconds": cell_seconds}, deadline)
        if self._receive(deadline, "ready", asking=False) is None:
            self._stop(self.dead or Lost(Gone.DID_NOT_START))
            return
        self.box.find_main()
        hello = self._receive(deadline, "errors", asking=False)
        if hello is None:
            start_up = {Gone.NO_ANSWER: Gone.CELLS_TOO_LONG,
                        Gone.TOO_LARGE: Gone.START_TOO_LARGE}
            if self.dead and self.dead.why in start_up:  # said as what the start-up did
                self.dead = Lost(start_up[self.dead.why])
            self._stop(self.dead)
            return
        self.errors = _errors(hello.get("errors"), len(cells))
        self.cpu_limit = None  # from now on each question's time is kept by the judging
        self.end()  # whatever the cells started is gone before the first question

    # -- pipes -------------------------------------------------------------------------------
    def _send(self, message: dict, deadline: float, lead: bytes = b"") -> None:
        """One request line, written by the grader's clock: a process that stops reading its
        requests cannot block the grader. `lead` (a newline) ends whatever a judge stopped halfway
        through writing."""
        if self.dead:
            return
        data = lead + (json.dumps(message) + "\n").encode()
        fd = self.box.proc.stdin.fileno()
        os.set_blocking(fd, False)
        while data:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                self._stop(Lost(Gone.NOT_READING))
                return
            try:
                data = data[os.write(fd, data[:1 << 16]):]
            except BlockingIOError:
                continue
            except OSError:
                self._stop(Lost(Gone.ENDED))
                return

    def _receive(self, deadline: float, key: str | None = None, asking: bool = True) -> dict | None:
        """The next reply (a dict; with `key` when given), or None: the question's process
        (`asking`) or the whole learner is gone, the deadline passed, or the reply was not plain
        data."""
        fd = self.box.proc.stdout.fileno()
        last_check = time.monotonic()
        while not self.dead and not (asking and self.gone):
            if b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    reply = wire.parse(line, wire.MAX_BYTES + 4096)
                except wire.WireError as e:
                    return self._lost(Lost(Gone.NOT_AN_ANSWER, str(e)[:200]), asking)
                if type(reply) is not dict or (key is not None and key not in reply):
                    return self._lost(Lost(Gone.ODD), asking)
                return reply
            now = time.monotonic()
            if now >= deadline:
                return self._lost(Lost(Gone.NO_ANSWER), asking)
            ready, _, _ = select.select([fd], [], [], min(deadline - now, 0.05))
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    self._stop(Lost(Gone.ENDED))
                    return None
                self.buffer += chunk
                if len(self.buffer) > wire.MAX_BYTES + 8192:
                    return self._lost(Lost(Gone.TOO_LARGE), asking)
            elif time.monotonic() - last_check > 0.1:
                last_check = time.monotonic()
                self._check_alive(asking)
                if self.cpu_limit is not None and self.box.total_cpu() > self.cpu_limit:
                    return self._lost(Lost(Gone.NO_ANSWER), asking)
        return None

    def _check_alive(self, asking: bool) -> None:
        members = set(self.box.members())
        if self.box.main is not None and self.box.main not in members:
            self._stop(Lost(Gone.ENDED))
        elif asking and self.answering and not members - {self.box.main}:
            self.gone = Lost(Gone.QUESTION_ENDED)

    def _lost(self, lost: Lost, asking: bool) -> None:
        if asking:
            self.gone = self.gone or lost
            self.box.kill_all_but({self.box.main} if self.box.main else set())
        else:
            self._stop(lost)
        return None

    # -- questions ---------------------------------------------------------------------------
    def begin(self, question: str, deadline: float) -> None:
        """Fork the question's process; stop the main one while the question is answered."""
        self.gone, self.called = None, set()
        self.box.lower_priority()  # the question's processes inherit it
        self._send({"q": question}, deadline, lead=b"\n")
        started = self._receive(min(deadline, time.monotonic() + STARTED_SECONDS), "started")
        if started is None and not self.dead:
            self.gone = self.gone or Lost(Gone.QUESTION_NOT_STARTED)
        self.answering = started is not None
        self.box.signal_main(signal.SIGSTOP)

    def ask(self, case: tuple, deadline: float, allowed: frozenset) -> Observation:
        lost = self.dead or self.gone
        if lost:
            return Observation(lost.why.outcome, error=str(lost))
        self._send({"case": wire.dumps(case)}, deadline)
        reply = self._receive(deadline)
        if reply is None:
            lost = self.dead or self.gone
            return Observation(lost.why.outcome, error=str(lost))
        called = reply.get("called")
        if isinstance(called, list):  # only names the grader knows: no text of the learner's
            self.called |= {c for c in called if isinstance(c, str) and c in self.watched}
        kind = reply.get("kind")
        if kind not in KINDS:
            return Observation(CRASHED, error=Gone.ODD.value)
        try:
            value = reply.get("value")
            value = wire.loads(value, self.records | allowed) if isinstance(value, str) else None
        except Exception as e:  # WireError, or a record class refusing its fields
            return Observation(CRASHED,
                               error=shown(f"the answer is not plain data: {str(e)[:200]}"))
        return Observation(kind, value, shown(str(reply.get("error", ""))[:500]))

    def end(self) -> None:
        """Kill every process but the main one (the question's, and all it started); drop what
        they left in the pipe; let the main process go on."""
        if self.dead:
            return
        if self.box.main not in self.box.members():
            self._stop(Lost(Gone.ENDED))
            return
        if not self.box.kill_all_but({self.box.main}):
            self._stop(Lost(Gone.UNSTOPPABLE))
            return
        while select.select([self.box.proc.stdout], [], [], 0)[0]:
            if not os.read(self.box.proc.stdout.fileno(), 1 << 16):
                break
        self.buffer = b""
        self.answering = False
        self.gone = None
        self.box.signal_main(signal.SIGCONT)

    def _stop(self, lost: Lost | None) -> None:
        self.dead = self.dead or lost or Lost(Gone.ENDED)
        self.box.close()

    def close(self) -> None:
        self._stop(Lost(Gone.CLOSED))


def _errors(reported, cells: int) -> list[dict]:
    """The learner's report of its failing cells, kept to plain, bounded fields."""
    found = []
    for e in reported if isinstance(reported, list) else []:
        if isinstance(e, dict) and type(e.get("cell")) is int and 0 <= e["cell"] < cells:
            line = e.get("line") if type(e.get("line")) is int and e["line"] >= 0 else 0
            found.append({"cell": e["cell"], "line": line,
                          "error": shown(str(e.get("error"))[:300])})
    return found[:50]
