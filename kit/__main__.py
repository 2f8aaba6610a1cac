"""`python -m kit sim|quiz|build|grade|gradescope|nbgrader|zoo ...`: the kit's command line."""

import argparse
import sys


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = argparse.ArgumentParser(prog="python -m kit", description="The scheduling kit.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sim", help="OSTEP-style scheduling simulator (python -m kit sim -h)",
                   add_help=False)
    sub.add_parser("quiz", help="list, check, hint or show exercises (python -m kit quiz -h)",
                   add_help=False)
    b = sub.add_parser("build", help="write notebooks/ from solutions/ and execute both")
    b.add_argument("names", nargs="*", help="notebook stems, e.g. 02_edf_lateness (default: all)")
    b.add_argument("--no-run", action="store_true", help="write sources only, do not execute")
    sub.add_parser("grade", help="grade learner notebooks into a CSV (python -m kit grade -h)",
                   add_help=False)
    sub.add_parser("gradescope", help="build a Gradescope autograder archive (python -m kit "
                   "gradescope -h)", add_help=False)
    sub.add_parser("nbgrader", help="nbgrader's own commands, from .venv/nbgrader (python -m kit "
                   "nbgrader generate_assignment edf)", add_help=False)
    sub.add_parser("zoo", help="mutation testing of every exercise's check (python -m kit zoo -h)",
                   add_help=False)
    if argv[:1] == ["zoo"]:
        from kit.checks.mutate import main as zoo
        return zoo(argv[1:])
    if argv[:1] == ["nbgrader"]:
        from kit.grading.nbgrader import main as nbgrader
        return nbgrader(argv[1:])
    if argv[:1] == ["gradescope"]:
        from kit.grading.gradescope import main as gradescope
        return gradescope(argv[1:])
    if argv[:1] in (["sim"], ["quiz"], ["grade"]):  # these parse their own arguments
        if argv[0] == "sim":
            from kit.sim_cli import main as sim
            return sim(argv[1:])
        if argv[0] == "quiz":
            from kit.quiz import main as quiz
            return quiz(argv[1:])
        from kit.grading.grader import main as grade
        return grade(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "build":
        from kit.build import build
        build(args.names or None, run=not args.no_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
