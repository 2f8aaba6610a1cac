"""Mutation testing of the checks: the operators, their keys, and the verdicts they lead to."""

import importlib

import pytest
from hypothesis import strategies as st

from kit.checks import Problem
from kit.checks.mutate import main, mutants, rekey, renamed, run


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
    head = "`if a < b and (not a):`"
    for expected in [f"f compare: `a < b` -> `a <= b` in {head}",
                     f"f compare: `a < b` -> `a > b` in {head}",
                     f"f logic: `a < b and (not a)` -> `a < b or not a` in {head}",
                     f"f logic: `not a` -> `a` in {head}",
                     "f arithmetic: `a + 1` -> `a - 1` in `return (a + 1, -b)`",
                     "f constant: `1` -> `2` in `return (a + 1, -b)`",
                     "f constant: `1` -> `0` in `return (a + 1, -b)`",
                     "f sign: `-b` -> `b` in `return (a + 1, -b)`",
                     "f swap: `(a + 1, -b)` -> `(-b, a + 1)` in `return (a + 1, -b)`",
                     "f call: `min(a, b)` -> `max(a, b)` in `return min(a, b)[a:1]`",
                     "f slice: `a:1` -> `a + 1:1` in `return min(a, b)[a:1]`",
                     "f slice: `a:1` -> `a + -1:1` in `return min(a, b)[a:1]`",
                     "f constant: `1` -> `2` in `return min(a, b)[a:1]`",
                     "f delete: `return (a + 1, -b)` -> `pass`"]:
        assert expected in got, (expected, got)
    assert "f logic: `if a < b and (not a):` -> `if not (a < b and (not a)):`" in got


def test_a_key_names_the_code_not_the_line_so_edits_elsewhere_keep_it():
    text = ("def f(xs, low):\n    out = []\n    for x in xs:\n        out.append(max(x, low))\n"
            "    return out\n")
    moved = ('class Holder:\n    def f(xs, low):\n        """Now a method, with a docstring."""\n'
             "        # a comment, and a line of code, above the mutants\n        seen = 0\n"
             "        out = []\n        for x in xs:\n"
             "            out.append(max(x,\n                           low))  # wrapped\n"
             "        return out\n")
    before = set(keys(text))
    after = {k.replace("Holder.f ", "f ", 1) for k in keys(moved)}
    assert before <= after, before - after  # every old key is there, in its new place
    assert "f call: `max(x, low)` -> `min(x, low)` in `out.append(max(x, low))`" in before


def test_the_same_change_of_the_same_code_twice_is_told_apart_by_its_place():
    text = "def f(x):\n    x += 1\n    if x:\n        x += 1\n    return x\n"
    got = keys(text)
    assert "f arithmetic: `x += 1` -> `x -= 1`" in got
    assert "f arithmetic: `x += 1` -> `x -= 1` (#2)" in got
    assert len(got) == len(set(got))
    inner = "def f(x):\n    def g(y):\n        return y + 1\n    return g(x) + 1\n"
    assert {"f.g arithmetic: `y + 1` -> `y - 1` in `return y + 1`",
            "f arithmetic: `g(x) + 1` -> `g(x) - 1` in `return g(x) + 1`"} <= set(keys(inner))


def test_a_default_value_is_keyed_by_its_parameter():
    got = keys("def submit(name, delay=0, retries=0, *, backoff=10):\n    return name\n")
    assert {"submit constant: `0` -> `-1` in `delay=0`",
            "submit constant: `0` -> `-1` in `retries=0`",
            "submit constant: `10` -> `11` in `backoff=10`"} <= set(got)


def test_mutants_are_distinct_compile_and_leave_the_docstring_alone():
    text = 'def f(x):\n    """Add 1 < 2."""\n    return x + 1\n'
    found = mutants(text)
    assert len({m.text for m in found}) == len(found)
    for m in found:
        compile(m.text, "<m>", "exec")
        assert '"""Add 1 < 2."""' in m.text or "'Add 1 < 2.'" in m.text
    assert not any("`1 < 2`" in m.key for m in found)


ints = st.lists(st.integers(-3, 3), max_size=5)
GE = "clamp compare: `x > low` -> `x >= low` in `out.append(x if x > low else low)`"


def test_a_weak_check_lets_mutants_survive_and_the_report_lists_them():
    weak = Problem("clamp", ints.map(lambda xs: (xs, 5)), answer=clamp)  # low above every x
    report = run(weak)
    assert report.survived and not report.stale
    strong = Problem("clamp", st.tuples(ints, st.integers(-3, 3)), answer=clamp,
                     equivalent={GE: "when x == low both branches give low"})
    report = run(strong)
    assert report.equivalent == [GE]
    assert not report.survived, report.survived


def test_equivalents_may_be_a_rule_read_on_each_mutant():
    def rule(m):
        if (m.op, m.before, m.after) == ("compare", "x > low", "x >= low"):
            return "x == low gives low either way"
        return None

    q = Problem("clamp", st.tuples(ints, st.integers(-3, 3)), answer=clamp, equivalent=rule)
    report = run(q)
    assert report.equivalent == [GE] and not report.survived and not report.stale


def test_a_declared_equivalent_that_is_not_a_surviving_mutant_is_stale():
    q = Problem("clamp", st.tuples(ints, st.integers(-3, 3)), answer=clamp,
                equivalent={"clamp nothing: `a` -> `b`": "no such mutant"})
    assert run(q).stale == ["clamp nothing: `a` -> `b`"]


CLAMPY = '''from hypothesis import strategies as st

from kit.checks import Problem


def clamp(xs, low):
    out = []
    for x in xs:
        out.append(x if x > low else low)
    return out


CASES = st.tuples(st.lists(st.integers(-3, 3)), st.integers(-3, 3))
WHY = "when x == low both branches give low"
q1 = Problem("clamp", CASES, answer=clamp, equivalent={"L4 compare: `x > low` -> `x >= low`": WHY})
q2 = Problem("clamp", CASES, answer=clamp, equivalent={
    "L4 compare: `x > low` -> `x >= low`": "the same, said again", "L9 nothing: `a` -> `b`": "?"})
'''


def test_line_numbered_keys_are_renamed_and_rewritten_in_place(tmp_path, monkeypatch):
    (tmp_path / "clampy.py").write_text(CLAMPY)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("clampy")
    old = "L4 compare: `x > low` -> `x >= low`"
    assert renamed(module.q1) == {old: GE}
    assert renamed(module.q2) == {old: GE, "L9 nothing: `a` -> `b`": None}
    # q1 and q2 declare the same old key: each dict is found by its keys and values
    done, lost = rekey(module, [(module.q1.equivalent, {old: GE}),
                                (module.q2.equivalent, {old: GE})])
    assert (done, lost) == (2, [])
    written = (tmp_path / "clampy.py").read_text()
    assert old not in written and "L9 nothing" in written
    assert all(len(line) <= 100 for line in written.splitlines()), written
    module = importlib.reload(module)
    assert module.q1.equivalent == {GE: module.WHY}
    assert list(module.q2.equivalent) == [GE, "L9 nothing: `a` -> `b`"]
    assert not run(module.q1).stale and not run(module.q1).survived


def test_the_command_lists_a_topic_and_rejects_unknown_ones(capsys):
    assert main(["edf_lateness"]) == 0
    out = capsys.readouterr().out
    assert "edf_lateness.q4" in out and "survived" in out
    assert main(["--keys", "edf_lateness"]) == 0  # every declared key names a mutant
    with pytest.raises(SystemExit):
        main(["no_such_topic"])
