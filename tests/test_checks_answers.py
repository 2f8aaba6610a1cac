"""One text per answer: what the notebook holds, what solution() shows and what pitfalls edit."""

from fractions import Fraction

import nbformat
import pytest
from hypothesis import strategies as st

from kit import edf
from kit.build import ROOT, strip_solutions, topic_answers, with_answers
from kit.checks import Pitfall, Problem, difference
from kit.checks.answers import EditError, apply_edits, shown, solved_cell, source_of
from kit.exercises import NOTEBOOKS, questions


def total(xs):
    """The sum of the numbers."""
    t = 0
    for x in xs:
        t += x
    return t


class Counter:
    """Counts."""

    def __init__(self):
        self.n = 0

    def add(self, k):
        """Add k."""
        self.n += k
        return self.n


STARTS_AT_ONE = Pitfall("starts at one", "start the sum at 0", edit=[("t = 0", "t = 1")])
ints = st.lists(st.integers(-5, 5), max_size=6).map(lambda xs: (xs,))


def test_solved_cell_marks_each_body_after_its_docstring():
    cell = solved_cell(source_of(total))
    assert cell == ('def total(xs):\n    """The sum of the numbers."""\n    ### BEGIN SOLUTION\n'
                    '    t = 0\n    for x in xs:\n        t += x\n    return t\n'
                    '    ### END SOLUTION\n')
    assert strip_solutions(cell) == ('def total(xs):\n    """The sum of the numbers."""\n'
                                     '    raise NotImplementedError\n')
    assert shown(cell) == source_of(total)


def test_a_class_keeps_its_signatures_and_docstrings_for_the_learner():
    learner = strip_solutions(solved_cell(source_of(Counter)))
    assert learner == ('class Counter:\n    """Counts."""\n\n    def __init__(self):\n'
                       '        raise NotImplementedError\n\n    def add(self, k):\n'
                       '        """Add k."""\n        raise NotImplementedError\n')


def test_explicit_markers_are_kept_and_hidden_from_solution():
    text = ("def f():\n    x = 1  # given\n    ### BEGIN SOLUTION\n    return x\n"
            "    ### END SOLUTION\n")
    assert solved_cell(text) == text
    assert shown(text) == "def f():\n    x = 1  # given\n    return x\n"


def test_an_edit_must_match_exactly_once_and_names_its_pitfall():
    assert apply_edits("a < b", [("<", "<=")], "p") == "a <= b"
    with pytest.raises(EditError, match=r"pitfall 'off by one': the text '<=' is not in"):
        apply_edits("a < b", [("<=", "<")], "off by one")
    with pytest.raises(EditError, match=r"pitfall 'twice': the text 'a' occurs 2 times"):
        apply_edits("a < a", [("a", "b")], "twice")


def test_a_pitfall_edit_that_does_not_apply_fails_at_first_use_naming_the_pitfall():
    q = Problem("total", ints, answer=total,
                pitfalls=[Pitfall("starts at one", "why", edit=[("t = 2", "t = 1")])])
    with pytest.raises(EditError, match="pitfall 'starts at one': the text 't = 2' is not in"):
        q.pitfalls[0].answer  # noqa: B018 - the first use compiles the edit
    with pytest.raises(EditError, match="give edits of the problem's answer"):
        Problem("total", ints, answer=total, pitfalls=[Pitfall("nothing", "why")])


def test_an_ambiguous_edit_fails_naming_the_pitfall_and_the_count():
    q = Problem("total", ints, answer=total,
                pitfalls=[Pitfall("adds twice", "why", edit=[("t", "2 * t")])])
    with pytest.raises(EditError, match=r"pitfall 'adds twice': the text 't' occurs 3 times"):
        q.pitfalls[0].answer  # noqa: B018
    # two statements that differ only in their comments are the same code: still ambiguous
    text = "def f(x):\n    x += 1  # first\n    x += 1  # second\n    return x\n"
    with pytest.raises(EditError, match=r"pitfall 'p': the text 'x \+= 1' occurs 2 times"):
        apply_edits(text, [("x += 1", "x += 2")], "p")


TALLY = ("def tally(jobs):\n    t = 0\n    for job in jobs:\n"
         "        t += job.duration  # the clock after the job: its finish\n    return t\n")


@pytest.mark.parametrize("old, new", [
    ("t += job.duration", "t += job.duration + 1"),  # the answer's line carries a comment
    ("t += job.duration  # a comment the answer no longer has\n",
     "t += job.duration + 1  # a comment the answer no longer has\n"),
    ("t  +=  job . duration", "t += job.duration + 1"),  # other spacing
    ("        t += job.duration\n", "        t += job.duration + 1\n"),  # a whole line
])
def test_an_edit_matches_code_whatever_its_comments_and_spacing(old, new):
    got = apply_edits(TALLY, [(old, new)], "p")
    scope = {}
    exec(compile(got, "<edited>", "exec"), scope)  # noqa: S102 - our own text
    assert scope["tally"]([edf.Job("A", 2, 1), edf.Job("B", 3, 1)]) == 7  # 1 more per job
    assert got.count("\n") == TALLY.count("\n")


def test_an_edit_still_applies_after_the_answer_is_recommented_and_reindented():
    """The edit was written against TALLY; the answer then moved into a class (4 columns
    deeper), lost its comment, gained another and had a statement wrapped over two lines."""
    moved = ("class Clock:\n    def tally(self, jobs):\n        t = 0  # start\n"
             "        for job in jobs:\n"
             "            t += job.\\\n                duration\n        return t\n")
    edit = [("    for job in jobs:\n        t += job.duration  # the clock after the job\n",
             "    for job in jobs:\n        if job.duration:\n            t += job.duration\n")]
    got = apply_edits(moved, edit, "p")
    scope = {}
    exec(compile(got, "<edited>", "exec"), scope)  # noqa: S102 - our own text
    assert "            if job.duration:\n                t += job.duration\n" in got
    assert scope["Clock"]().tally([edf.Job("A", 2, 1), edf.Job("B", 3, 1)]) == 5
    # and a deletion of a whole line
    assert "t = 0" not in apply_edits(moved, [("    t = 0\n", "")], "p")
    compile(apply_edits(moved, [("    t = 0\n", "    t = 1\n")], "p"), "<edited>", "exec")


def test_every_declared_edit_applies_and_compiles():
    """Pitfalls compile on first use; this uses every one, so a broken edit fails here."""
    for topic in NOTEBOOKS.values():
        for q, problem in questions(topic).items():
            for pitfall in problem.pitfalls:
                assert callable(pitfall.answer), (topic, q, pitfall.name)


def test_a_pitfall_edit_is_a_working_wrong_answer_named_by_the_check():
    q = Problem("total", ints, answer=total, pitfalls=[STARTS_AT_ONE])
    assert q.reference is total and q.check(total)
    assert q.pitfalls[0].answer([2, 3]) == 6
    result = q.check(q.pitfalls[0].answer)
    assert result.status == "failed" and result.pitfall.name == "starts at one"
    assert result.case == ([],)  # the smallest input


def test_a_pitfall_is_named_only_when_the_evidence_agrees():
    """Agreeing with a pitfall on the failing case is not enough: the answer must also agree on
    the sample cases where the pitfall differs from the reference."""
    q = Problem("total", ints, answer=total, pitfalls=[STARTS_AT_ONE])

    def one_only_when_empty(xs):
        return sum(xs) if xs else 1  # like the pitfall on [], unlike it everywhere else

    result = q.check(one_only_when_empty)
    assert result.status == "failed" and result.case == ([],)
    assert result.pitfall is None


def test_types_are_judged_strictly_and_said_as_such():
    assert difference([1, 2], (1, 2)) == "expected a list, got a tuple"
    assert difference(0.0, Fraction(0, 1)) == "expected a float, got a Fraction"
    assert difference(1, True) == "expected an int, got a bool"
    assert difference(3, None) == "expected an int, got None"
    assert difference([1, 2], [1, 2, 3]) == "expected 2 items, got 3"
    # the items' type first: a list of lists for a list of tuples, whatever their numbers
    assert difference([("A", 0, 9)], [["A", 0, 1]] * 9) == "item 0: expected a tuple, got a list"
    assert difference({"a": [1, 2]}, {"a": [1, 5]}) == "'a': item 1: expected 2, got 5"
    assert difference(2, 2.0) is None and difference([1], [1]) is None
    assert difference(2, 3) == "the answer differs from the expected one"


def test_a_tuple_for_a_list_fails_with_the_type_named():
    q = Problem("total", ints, answer=lambda xs: sorted(xs))
    result = q.check(lambda xs: tuple(sorted(xs)))
    assert result.status == "failed" and result.error == "expected a list, got a tuple"


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS))
def test_every_answer_is_the_text_its_notebook_holds_and_solution_shows(notebook):
    topic = NOTEBOOKS[notebook]
    problems = questions(topic)
    undeclared = [k for k, p in problems.items() if p.answer is None]
    assert not undeclared, f"{topic}: {undeclared} declare no answer text"
    solved = nbformat.read(ROOT / "solutions" / f"{notebook}.ipynb", as_version=4)
    cells = [c.source for c in solved.cells if c.cell_type == "code"]
    for key, problem in problems.items():
        text = source_of(problem.answer)
        assert any(solved_cell(text).rstrip() in cell for cell in cells), (topic, key)
        assert problem.solution().text.endswith(f"```python\n{shown(text).rstrip()}\n```")


def test_the_build_refuses_a_notebook_without_a_cell_for_an_answer():
    cell = nbformat.v4.new_code_cell("def edf_order(jobs):\n    pass")
    nb = nbformat.v4.new_notebook(cells=[cell])
    with pytest.raises(ValueError, match="no cell of the notebook defines feasible, max_lateness, "
                                         "min_late_jobs"):
        with_answers(nb, "edf_lateness")
    assert set(topic_answers("edf_lateness")) == {"edf_order", "max_lateness", "feasible",
                                                  "min_late_jobs"}
