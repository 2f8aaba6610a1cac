"""`python -m kit quiz`: the exercises from a terminal, for learners who write code in an editor.

    python -m kit quiz                         # the topics and their questions
    python -m kit quiz edf_lateness q1 answer.py    # check the function or class answer.py defines
    python -m kit quiz edf_lateness q1 --hint 2     # a hint;  --solution shows one answer

A missing answer file, one that does not parse or one that fails while loading is said in one
line (exit 2), never with a traceback. Only the topic asked about is imported (the list of all
topics imports them all), so an error or a hint answers at once.
"""

import argparse
import importlib.util
import sys
import traceback
from pathlib import Path

from kit.exercises import TOPICS, catalogue, questions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit quiz", description=__doc__.split("\n")[0])
    parser.add_argument("topic", nargs="?", help="an exercises module, e.g. edf_lateness")
    parser.add_argument("question", nargs="?", help="q1, q2, ...")
    parser.add_argument("answer", nargs="?", help="a .py file that defines the answer")
    parser.add_argument("--hint", type=int, metavar="N", help="show hint N")
    parser.add_argument("--solution", action="store_true", help="show one solution")
    args = parser.parse_args(argv)
    if args.topic is None:
        for topic, problems in catalogue().items():
            print(f"{topic}: " + ", ".join(f"{q} {p.answer_name}" for q, p in problems.items()))
        return 0
    if args.topic not in TOPICS:
        parser.error(f"topic must be one of {', '.join(TOPICS)}; got {args.topic!r}")
    problems = questions(args.topic)
    if args.question is None:
        for q, p in problems.items():
            print(f"{q}: write {p.answer_name} ({p.points} point{'s' * (p.points != 1)})")
        return 0
    problem = problems.get(args.question)
    if problem is None:
        parser.error(f"question must be one of {', '.join(problems)}; got {args.question!r}")
    if args.hint is not None or args.solution:
        print(problem.hint(args.hint) if args.hint is not None else problem.solution())
        if args.answer:
            flag = "--hint" if args.hint is not None else "--solution"
            print(f"{args.answer} was not checked: {flag} only shows; run without it to check.")
        return 0
    if not args.answer:
        parser.error("give an answer file, --hint N or --solution")
    if not args.answer.endswith(".py"):
        parser.error(f"answer must be a .py file, got {args.answer!r}")
    answer = _load(args.answer, problem.answer_name)
    if isinstance(answer, str):  # why it could not be loaded
        print(f"python -m kit quiz: {answer}", file=sys.stderr)
        return 2
    result = problem.check(answer)
    print(repr(result))
    return 0 if result else 1


def _load(path: str, name: str):
    """The object `name` that the file defines, or one line saying why there is none."""
    if not Path(path).is_file():
        return f"no answer file {path!r}"
    try:
        source = Path(path).read_text()
        code = compile(source, path, "exec")
    except SyntaxError as e:
        return f"{path} line {e.lineno}: {e.msg} (the file was not checked)"
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return f"cannot read {path}: {e}"
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("answer", None))
    module.__file__ = path
    try:
        exec(code, vars(module))  # noqa: S102 - the learner's own file, on their own machine
    except BaseException as e:  # noqa: BLE001 - even SystemExit is said in one line
        line = next((f.lineno for f in reversed(traceback.extract_tb(e.__traceback__))
                     if f.filename == path), "?")
        return f"{path} line {line} raised {type(e).__name__}: {e} while loading (not checked)"
    answer = getattr(module, name, None)
    return answer if answer is not None else f"{path} defines no {name}"
