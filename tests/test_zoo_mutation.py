"""Every automatic mutant of every exercise's answer fails its check, or is declared equivalent
with a reason (`python -m kit zoo` prints the same table).

Running all mutants takes minutes, and the verdict of a question can change only when something
it is computed from changes. So each question's clean verdict is remembered in
`tests/mutants/verdicts/<topic>.<q>` as a SHA-256 of everything that can change it (`sources`):
the engine (`kit/checks/*.py`), the topic's exercises module and every kit module it imports,
transitively, this file, and the Python and hypothesis versions. When the digest is the one
recorded, the verdict stands; otherwise (any changed byte) the mutants run, and a clean run records
the new digest (commit it with the change). Only clean verdicts are ever recorded.
"""

import ast
import hashlib
import sys
from pathlib import Path

import hypothesis
import pytest

from kit.build import ROOT
from kit.checks import answers
from kit.checks.mutate import equivalents, mutants, run
from kit.exercises import TOPICS, questions

VERDICTS = Path(__file__).parent / "mutants" / "verdicts"
KIT = ROOT / "kit"


def _module_path(name: str) -> Path | None:
    parts = name.split(".")
    if parts[0] != "kit":
        return None
    base = ROOT.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _kit_imports(path: Path) -> set[Path]:
    """The kit modules `path` imports (absolute or relative), with their packages' __init__."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            names.add(base)
            names.update(f"{base}.{a.name}" for a in node.names)  # `from kit import store`
    found = set()
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # kit, kit.checks, kit.checks.engine
            module = _module_path(".".join(parts[:i]))
            if module is not None:
                found.add(module)
    return found


def sources(topic: str) -> list[Path]:
    """Every file the verdicts of `topic` are computed from (the engine, the exercises module and
    the kit modules they import, transitively), sorted."""
    todo = [KIT / "exercises" / f"{topic}.py", *sorted((KIT / "checks").glob("*.py"))]
    seen = set()
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(_kit_imports(path) - seen)
    return sorted(seen)


def digest(topic: str) -> str:
    h = hashlib.sha256()
    h.update(f"python {sys.version}\nhypothesis {hypothesis.__version__}\n".encode())
    for path in sources(topic):
        h.update(f"{path.relative_to(ROOT)}\n".encode())
        h.update(path.read_bytes())
    h.update(Path(__file__).read_bytes())
    return h.hexdigest()


QUESTIONS = [(t, q) for t in TOPICS for q in questions(t)]


@pytest.mark.parametrize("topic, q", QUESTIONS, ids=[f"{t}.{q}" for t, q in QUESTIONS])
def test_no_mutant_survives_unexplained(topic, q):
    problem = questions(topic)[q]
    assert problem.answer is not None, f"{topic}.{q}: no answer text"
    record, now = VERDICTS / f"{topic}.{q}", digest(topic)
    if record.is_file() and record.read_text().strip() == now:
        return  # nothing the verdict depends on changed since a clean run
    report = run(problem)
    assert not report.survived, f"{topic}.{q} survivors: {report.survived}"
    assert not report.stale, f"{topic}.{q} stale equivalents: {report.stale}"
    reasons = equivalents(problem, mutants(answers.shown(answers.source_of(problem.answer))))
    assert all(reasons[k].strip() for k in report.equivalent)
    VERDICTS.mkdir(exist_ok=True)
    record.write_text(now + "\n")


def test_the_digest_covers_the_engine_the_topic_and_what_it_imports():
    for topic in TOPICS:
        files = {p.relative_to(ROOT).as_posix() for p in sources(topic)}
        assert f"kit/exercises/{topic}.py" in files and "kit/checks/engine.py" in files, files
        assert "kit/__init__.py" in files and "kit/exercises/__init__.py" in files, files
    # a core module an exercises module imports is part of its topic's digest
    imports = {p.relative_to(ROOT).as_posix() for p in sources("edf_lateness")}
    assert "kit/edf.py" in imports, imports


def test_any_changed_byte_changes_the_digest(tmp_path, monkeypatch):
    """The digest is of the files' bytes: copy the kit, change one character of a core module the
    topic imports, and the recorded verdict no longer applies."""
    import shutil

    copy = tmp_path / "root"
    shutil.copytree(KIT, copy / "kit", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(sys.modules[__name__], "ROOT", copy)
    monkeypatch.setattr(sys.modules[__name__], "KIT", copy / "kit")
    before = digest("edf_lateness")
    edf = copy / "kit" / "edf.py"
    edf.write_text(edf.read_text() + " ")
    assert digest("edf_lateness") != before
    # a module the topic does not import leaves its verdict alone
    assert "kit/balance.py" not in {p.relative_to(copy).as_posix() for p in sources("edf_lateness")}
    unrelated = copy / "kit" / "balance.py"
    after = digest("edf_lateness")
    unrelated.write_text(unrelated.read_text() + " ")
    assert digest("edf_lateness") == after


def test_every_recorded_verdict_names_a_question():
    names = {f"{t}.{q}" for t, q in QUESTIONS}
    recorded = {p.name for p in VERDICTS.glob("*")} if VERDICTS.is_dir() else set()
    assert recorded <= names, f"verdicts of questions that no longer exist: {recorded - names}"
