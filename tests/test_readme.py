"""The README is true: every file it names exists, every `make` target it names is in the Makefile
and resolves, and every `python -m ...` command it names runs (`--help`, or the example itself when
it only prints). The names are read from the README itself, so a new row is checked the day it is
written."""

import ast
import re
import subprocess
import sys

import pytest

from kit.build import ROOT

README = (ROOT / "README.md").read_text()
TRACKED = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
# what the README's commands write, or folders a learner or a course makes: not repository files
WRITTEN = {"grades.csv", "grades.canvas.csv", "summary.html", "results.json", "reports/",
           "reports/<id>.html", "submitted/", "submitted/<student>/<assignment>/<notebook>.ipynb",
           "sectionA/hw", "sectionB/hw", ".venv/", ".venv/nbgrader", "sitecustomize.py",
           ".venv/share/jupyter/lab/settings/overrides.json",
           "<course>/source/<assignment>/*.ipynb",
           "release/", "source/edf/", "reports/<name>.html", "section^a%2Fhw.html",
           "test-artifacts/browser/", "x.ipynb"}
EXTENSIONS = (".py", ".ipynb", ".csv", ".md", ".cfg", ".toml", ".json", ".html", ".zip", ".txt")


def _exists(name: str) -> bool:
    """A tracked file or folder at `name` or ending in `/name`; `<placeholder>` and `NN` match
    any part (`kit/exercises/<notebook>.py`, `solutions/NN_topic.ipynb`)."""
    pattern = re.escape(name.rstrip("/"))
    pattern = re.sub(r"<[^>]+>", "[^/]+", pattern.replace(r"\<", "<").replace(r"\>", ">"))
    pattern = pattern.replace("NN_topic", r"\d\d_[^/]+")
    found = re.compile(rf"(^|.*/)({pattern})(/.*|$)")
    return any(found.match(path) for path in TRACKED)


def _named_paths() -> list[str]:
    """Backticked names that look like files or folders (a slash or a file extension), and the
    files of the Layout block."""
    names = set()
    for token in re.findall(r"`([^`\n]+)`", README):
        if " " in token or token.startswith(("/", "http", "-", ".ipynb", "@")) or "://" in token:
            continue
        if "/" in token or token.endswith(EXTENSIONS):
            names.add(token)
    layout = README.split("## Layout", 1)[1].split("```")[1]
    for line in layout.splitlines():
        first = line.split("  ")[0].strip() if line.startswith(" ") else line.split(" ")[0]
        names.update(w for w in first.split() if w.endswith((".py", "/")))
    return sorted(names - WRITTEN)


def _map_table() -> list[tuple[str, str, str]]:
    """(notebook, folder, file) for every file in the README's table of where each notebook's
    parts live: the core, explorer and exercises columns are under kit/, the tests under tests/."""
    head = "| notebook | core | explorer | exercises | tests |"
    rows = README.split(head, 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    cells = []
    for row in rows:
        notebook, *columns = [c.strip() for c in row.strip("|").split("|")]
        for folder, column in zip(("kit", "kit", "kit", "tests"), columns, strict=True):
            cells += [(notebook.strip("`"), folder, f) for f in re.findall(r"`([^`]+)`", column)]
    return cells


# known untrue as this file is written (issue 29, item 6); strict: the test fails once it is true
MISSING: dict[str, str] = {}


def _cases(names):
    return [pytest.param(n, marks=pytest.mark.xfail(reason=MISSING[n], strict=True))
            if n in MISSING else n for n in names]


@pytest.mark.parametrize("name", _cases(_named_paths()))
def test_every_path_the_readme_names_exists(name):
    assert _exists(name), f"README names `{name}`, which is not in the repository"


TABLE = _map_table()


@pytest.mark.parametrize("notebook, folder, name", [
    pytest.param(*c, marks=pytest.mark.xfail(reason=MISSING[c[2]], strict=True))
    if c[2] in MISSING else c for c in TABLE], ids=[f"{n}:{f}" for n, _, f in TABLE])
def test_every_file_in_the_map_is_where_the_map_says(notebook, folder, name):
    assert (ROOT / folder / name).is_file(), f"{notebook}: README maps {folder}/{name}"
    assert (ROOT / "solutions" / f"{notebook}.ipynb").is_file(), notebook


def test_the_readers_are_not_empty():
    """The parsers above find what is there: a README that changed shape fails here, not by
    checking nothing."""
    assert len(TABLE) > 40 and len(_named_paths()) > 60
    assert {"Makefile", "README.md"} <= set(TRACKED)


MAKE_TARGETS = sorted(set(re.findall(r"\bmake ([a-z][a-z-]*)", README)))


@pytest.mark.parametrize("target", MAKE_TARGETS)
def test_every_make_target_the_readme_names_exists_and_resolves(target):
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(rf"^{target}:", makefile, re.M), f"the Makefile has no target {target}"
    run = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr


def test_the_readme_names_its_two_commands_and_the_quick_one():
    assert {"lab", "test", "quick"} <= set(MAKE_TARGETS), MAKE_TARGETS


COMMANDS = sorted(set(re.findall(r"python -m ([a-z_.]+)((?: [a-z][a-z_]*)?)", README)))


def _has_argparse(module: str) -> bool:
    path = ROOT.joinpath(*module.split("."))
    path = path / "__main__.py" if path.is_dir() else path.with_suffix(".py")
    return "argparse" in path.read_text()


@pytest.mark.parametrize("module, sub", COMMANDS, ids=[f"{m}{s}" for m, s in COMMANDS])
def test_every_command_the_readme_names_runs(module, sub):
    """`--help` of each command and subcommand exits 0 (and names the subcommand); a module with
    no argument parser (`python -m kit.herd` recomputes a stored grid) must have a main block."""
    sub = sub.strip()
    if not _has_argparse(module):
        path = ROOT.joinpath(*module.split(".")).with_suffix(".py")
        tree = ast.parse(path.read_text())
        assert any(isinstance(n, ast.If) and "__main__" in ast.unparse(n.test)
                   for n in tree.body), f"python -m {module} has no main block"
        return
    run = subprocess.run([sys.executable, "-m", module, *([sub] if sub else []), "--help"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, (module, sub, run.stderr)
    if module == "benchmarks" and sub:  # its topics are its modules, bench_<topic>.py
        assert (ROOT / "benchmarks" / f"bench_{sub}.py").is_file(), sub
    else:
        assert not sub or sub in run.stdout, run.stdout


SIM_EXAMPLES = re.findall(r"^\.venv/bin/python -m kit (sim [^#\n]*?)\s*(?:#.*)?$", README, re.M)


@pytest.mark.parametrize("line", SIM_EXAMPLES)
def test_the_simulator_examples_run_as_written(line):
    run = subprocess.run([sys.executable, "-m", "kit", *line.split()], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip(), (line, run.stderr)


def test_every_markdown_file_the_code_cites_exists():
    """A docstring or comment that sends the reader to a design note names a file they have."""
    for path in TRACKED:
        if path.endswith(".py"):
            for cited in re.findall(r"[\w/.-]+\.md\b", (ROOT / path).read_text()):
                assert _exists(cited), f"{path} cites {cited}, which is not in the repository"


def test_the_number_of_generated_inputs_the_readme_gives_is_the_kits():
    """The README's figure for how many generated inputs a check runs is the range the topics
    declare (`Problem.max_examples`), written as digits (`40-150`)."""
    from kit.exercises import catalogue

    counts = sorted({p.max_examples for qs in catalogue().values() for p in qs.values()})
    said = re.search(r"A check runs (.+?) inputs generated", " ".join(README.split()))
    assert said, "the README no longer says how many inputs a check runs"
    numbers = [int(n) for n in re.findall(r"\d+", said.group(1))]
    assert numbers == [counts[0], counts[-1]], f"README: {said.group(1)!r}; topics: {counts}"
