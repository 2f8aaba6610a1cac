"""Mutation testing of the checks: the operators, and the verdicts they lead to."""

import pytest
from hypothesis import strategies as st

from kit.checks import Problem
from kit.checks.mutate import main, mutants, run


def clamp(xs, low):
    """Each number, at least `low`."""
    out = []
    for x in xs:
        out.append(x if x > low else low)
    return out


def keys(text):
    return [m.key for m in mutants(text)]


def test_each_standard_operator_makes_its_mutants():
    text = ("def f(a, b):\n    if a < b and not a:\n        return (a + 1, -b)\n"
            "    return min(a, b)[a:1]\n")
    got = keys(text)
    for expected in ["L2 compare: `a < b` -> `a <= b`", "L2 compare: `a < b` -> `a > b`",
                     "L2 logic: `a < b and (not a)` -> `a < b or not a`",
                     "L2 logic: `not a` -> `a`", "L3 arithmetic: `a + 1` -> `a - 1`",
                     "L3 constant: `1` -> `2`", "L3 constant: `1` -> `0`",
                     "L3 sign: `-b` -> `b`", "L3 swap: `(a + 1, -b)` -> `(-b, a + 1)`",
                     "L4 call: `min(a, b)` -> `max(a, b)`", "L4 slice: `a:1` -> `a + 1:1`",
                     "L4 slice: `a:1` -> `a + -1:1`", "L4 constant: `1` -> `2`",
                     "L3 delete: `return (a + 1, -b)` -> `pass`"]:
        assert expected in got, (expected, got)
    assert "L2 logic: `if a < b and (not a):` -> `if not (a < b and (not a)):`" in got


def test_mutants_are_distinct_compile_and_leave_the_docstring_alone():
    text = 'def f(x):\n    """Add 1 < 2."""\n    return x + 1\n'
    found = mutants(text)
    assert len({m.text for m in found}) == len(found)
    for m in found:
        compile(m.text, "<m>", "exec")
        assert '"""Add 1 < 2."""' in m.text or "'Add 1 < 2.'" in m.text
    assert not any("`1 < 2`" in m.key for m in found)


ints = st.lists(st.integers(-3, 3), max_size=5)


def test_a_weak_check_lets_mutants_survive_and_the_report_lists_them():
    weak = Problem("clamp", ints.map(lambda xs: (xs, 5)), answer=clamp)  # low above every x
    report = run(weak)
    assert report.survived and not report.stale
    strong = Problem("clamp", st.tuples(ints, st.integers(-3, 3)), answer=clamp,
                     equivalent={"L5 compare: `x > low` -> `x >= low`":
                                 "when x == low both branches give low"})
    report = run(strong)
    assert report.equivalent == ["L5 compare: `x > low` -> `x >= low`"]
    assert not report.survived, report.survived


def test_a_declared_equivalent_that_is_not_a_surviving_mutant_is_stale():
    q = Problem("clamp", st.tuples(ints, st.integers(-3, 3)), answer=clamp,
                equivalent={"L9 nothing: `a` -> `b`": "no such mutant"})
    assert run(q).stale == ["L9 nothing: `a` -> `b`"]


def test_the_command_lists_a_topic_and_rejects_unknown_ones(capsys):
    assert main(["edf_lateness"]) == 0
    out = capsys.readouterr().out
    assert "edf_lateness.q4" in out and "survived" in out
    with pytest.raises(SystemExit):
        main(["no_such_topic"])
