"""`python -m kit sim|quiz|build|grade`: the command line wiring and the quiz."""

import pytest

from kit.__main__ import main
from kit.exercises import catalogue, questions


def test_catalogue_lists_every_topic_in_order():
    topics = catalogue()
    assert list(topics) == ["policies", "edf_lateness", "mlfq_and_fairness", "backoff_and_jitter",
                            "lease_queue", "durable_queue", "postgres_queue",
                            "concurrent_scheduler", "mock_round", "dependency_scheduler",
                            "load_balancing",
                            "restarts_cooldowns_batching", "design_round"]
    assert list(topics["edf_lateness"]) == ["q1", "q2", "q3", "q4"]
    with pytest.raises(ValueError, match="topic must be one of policies, .*, got 'engine'"):
        questions("engine")


def test_quiz_lists_topics_and_questions(capsys):
    assert main(["quiz"]) == 0
    assert "edf_lateness: q1 edf_order, q2 max_lateness" in capsys.readouterr().out
    assert main(["quiz", "edf_lateness"]) == 0
    assert "q4: write min_late_jobs (1 point)" in capsys.readouterr().out


def test_quiz_checks_an_answer_file(tmp_path, capsys):
    wrong = tmp_path / "wrong.py"
    wrong.write_text("def edf_order(jobs):\n    return sorted(jobs, key=lambda j: -j.deadline)\n")
    right = tmp_path / "right.py"
    right.write_text("def edf_order(jobs):\n    return sorted(jobs, key=lambda j: j.deadline)\n")
    assert main(["quiz", "edf_lateness", "q1", str(wrong)]) == 1
    assert "pitfall: latest deadline first" in capsys.readouterr().out
    assert main(["quiz", "edf_lateness", "q1", str(right)]) == 0
    assert "passed" in capsys.readouterr().out


def test_quiz_hint_and_solution(capsys):
    main(["quiz", "edf_lateness", "q1", "--hint", "2"])
    assert "Hint 2 of 3" in capsys.readouterr().out
    main(["quiz", "edf_lateness", "q1", "--solution"])
    assert "sorted(" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["quiz", "nope"], "topic must be one of"),
    (["quiz", "edf_lateness", "q9"], "question must be one of q1, q2, q3, q4; got 'q9'"),
    (["quiz", "edf_lateness", "q1", "x.txt"], "answer must be a .py file, got 'x.txt'"),
    (["quiz", "edf_lateness", "q1"], "give an answer file, --hint N or --solution"),
])
def test_quiz_bad_input_is_named(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_sim_is_wired(capsys):
    assert main(["sim", "-p", "sjf", "-l", "6,8,7,3", "-c"]) == 0
    assert "average -- response 7.00  turnaround 13.00  wait 7.00" in capsys.readouterr().out


def test_unknown_command_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["fly"])
    assert "invalid choice: 'fly'" in capsys.readouterr().err


@pytest.mark.parametrize("content, said", [
    (None, "no answer file"),
    ("def edf_order(jobs):\n    return sorted(jobs\n", "line 2: "),
    ("import nope_not_a_module\n", "line 1 raised ModuleNotFoundError: No module named"),
    ("raise SystemExit(3)\n", "line 1 raised SystemExit: 3 while loading (not checked)"),
    ("x = 1\n", "defines no edf_order"),
])
def test_quiz_answer_file_problems_are_one_line_not_a_traceback(tmp_path, capsys, content, said):
    path = tmp_path / "answer.py"
    if content is not None:
        path.write_text(content)
    assert main(["quiz", "edf_lateness", "q1", str(path)]) == 2
    captured = capsys.readouterr()
    assert said in captured.err and len(captured.err.strip().splitlines()) == 1, captured.err
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize("flag", [["--hint", "1"], ["--solution"]])
def test_quiz_says_an_answer_file_given_with_hint_or_solution_was_not_checked(tmp_path, capsys,
                                                                             flag):
    path = tmp_path / "answer.py"
    path.write_text("def edf_order(jobs):\n    return []\n")
    assert main(["quiz", "edf_lateness", "q1", str(path), *flag]) == 0
    assert f"{path} was not checked: {flag[0]} only shows" in capsys.readouterr().out


def test_zoo_is_wired(capsys):
    assert main(["zoo", "edf_lateness"]) == 0
    assert "edf_lateness.q1" in capsys.readouterr().out
