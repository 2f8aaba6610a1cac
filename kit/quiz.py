"""`python -m kit quiz`: the exercises from a terminal, for learners who write code in an editor.

    python -m kit quiz                         # the topics and their questions
    python -m kit quiz edf q1 answer.py        # check the function or class answer.py defines
    python -m kit quiz edf q1 --hint 2         # a hint;  --solution shows one answer
"""

import argparse
import importlib.util

from kit.exercises import catalogue


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit quiz", description=__doc__.split("\n")[0])
    parser.add_argument("topic", nargs="?", help="an exercises module, e.g. edf")
    parser.add_argument("question", nargs="?", help="q1, q2, ...")
    parser.add_argument("answer", nargs="?", help="a .py file that defines the answer")
    parser.add_argument("--hint", type=int, metavar="N", help="show hint N")
    parser.add_argument("--solution", action="store_true", help="show one solution")
    args = parser.parse_args(argv)
    known = catalogue()
    if args.topic is None:
        for topic, questions in known.items():
            print(f"{topic}: " + ", ".join(f"{q} {p.answer_name}" for q, p in questions.items()))
        return 0
    if args.topic not in known:
        parser.error(f"topic must be one of {', '.join(known)}; got {args.topic!r}")
    if args.question is None:
        for q, p in known[args.topic].items():
            print(f"{q}: write {p.answer_name} ({p.points} point{'s' * (p.points != 1)})")
        return 0
    problem = known[args.topic].get(args.question)
    if problem is None:
        parser.error(f"question must be one of {', '.join(known[args.topic])}; "
                     f"got {args.question!r}")
    if args.hint is not None:
        print(problem.hint(args.hint))
    elif args.solution:
        print(problem.solution())
    elif args.answer:
        spec = importlib.util.spec_from_file_location("answer", args.answer)
        if spec is None or not args.answer.endswith(".py"):
            parser.error(f"answer must be a .py file, got {args.answer!r}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        answer = getattr(module, problem.answer_name, None)
        if answer is None:
            parser.error(f"{args.answer} defines no {problem.answer_name}")
        result = problem.check(answer)
        print(repr(result))
        return 0 if result else 1
    else:
        parser.error("give an answer file, --hint N or --solution")
    return 0
