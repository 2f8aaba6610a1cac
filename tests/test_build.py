"""The notebook build: solution markers, the learner build, and drift from a fresh build."""

import shutil

import nbformat
import pytest

from kit.build import ROOT, build, execute, learner_version, strip_solutions
from kit.exercises import topic_of

SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))


def test_strip_keeps_indentation_and_the_rest_of_the_cell():
    source = ("def f(x):\n    y = 1\n    ### BEGIN SOLUTION\n    return x + y\n"
              "    ### END SOLUTION\n\nprint('after')")
    assert strip_solutions(source) == ("def f(x):\n    y = 1\n    raise NotImplementedError\n"
                                       "\nprint('after')")


def test_strip_handles_several_blocks_and_no_block():
    source = ("def f():\n  ### BEGIN SOLUTION\n  return 1\n  ### END SOLUTION\n"
              "def g():\n    ### BEGIN SOLUTION\n    return 2\n    ### END SOLUTION")
    assert strip_solutions(source) == ("def f():\n  raise NotImplementedError\n"
                                       "def g():\n    raise NotImplementedError")
    assert strip_solutions("x = 1") == "x = 1"


def test_unbalanced_markers_are_an_error():
    with pytest.raises(ValueError, match="unbalanced solution markers"):
        strip_solutions("def f():\n    ### BEGIN SOLUTION\n    return 1\n")


def test_learner_version_has_no_solution_and_no_outputs():
    for path in SOLUTIONS:
        nb = learner_version(nbformat.read(path, as_version=4))
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert "BEGIN SOLUTION" not in cell.source and "END SOLUTION" not in cell.source
                assert cell.outputs == [] and cell.execution_count is None


def _is_exercise_check(cell) -> bool:
    return (cell.cell_type == "code" and ".check(" in cell.source
            and "demo" not in cell.metadata.get("tags", []))


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_every_check_passes_in_solutions_and_is_not_attempted_for_learners(path):
    solved = nbformat.read(path, as_version=4)
    learner = nbformat.read(ROOT / "notebooks" / path.name, as_version=4)
    checks = [c for c in solved.cells if _is_exercise_check(c)]
    assert checks or topic_of(path.stem) is None, f"{path.name} has no exercise checks"
    assert not checks or topic_of(path.stem), f"{path.name} checks exercises it does not register"
    for cell in checks:
        text = "\n".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        assert ": passed" in text, (path.name, cell.source, text)
    for cell in (c for c in learner.cells if _is_exercise_check(c)):
        text = "\n".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        assert "not attempted" in text, (path.name, cell.source, text)


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_stored_notebooks_are_executed_and_clean(path):
    for nb_path in (path, ROOT / "notebooks" / path.name):
        nb = nbformat.read(nb_path, as_version=4)
        nbformat.validate(nb)
        for cell in nb.cells:
            if cell.cell_type != "code" or not cell.source.strip():
                continue
            assert cell.execution_count is not None, (nb_path.name, cell.source)
            for out in cell.outputs:
                assert out.output_type != "error", (nb_path.name, cell.source)
                assert not (out.output_type == "stream" and out.name == "stderr"), \
                    (nb_path.name, cell.source, out.text)
            streams = [out.name for out in cell.outputs if out.output_type == "stream"]
            assert len(streams) == len(set(streams)), (nb_path.name, cell.source, streams)


def test_a_cells_stdout_is_one_output_however_the_kernel_flushed_it(tmp_path):
    """The kernel sends stdout in pieces (here forced by a flush and a pause); the build merges
    them, so a stored notebook does not depend on timing."""
    cell = nbformat.v4.new_code_cell(
        "import sys, time\nprint('one')\nsys.stdout.flush()\ntime.sleep(0.3)\nprint('two')")
    nb = execute(nbformat.v4.new_notebook(cells=[cell]), cwd=tmp_path, timeout=60)
    streams = [(o.output_type, o.name, o.text) for o in nb.cells[0].outputs]
    assert streams == [("stream", "stdout", "one\ntwo\n")]


MEASURED = "measured"  # a cell tag: its pictures plot times measured on this machine


def _normal(nb):
    """Sources and outputs, without the fields that change from run to run. A cell tagged
    `measured` draws real timings: its outputs must be the same kinds, its pictures not the same
    pixels."""
    cells = []
    for c in nb.cells:
        outputs = []
        for o in c.get("outputs", []):
            o = dict(o)
            o.pop("metadata", None)
            if MEASURED in c.get("metadata", {}).get("tags", []) and "data" in o:
                o["data"] = {k: ("<measured>" if k.startswith("image/") else v)
                             for k, v in o["data"].items()}
            outputs.append(o)
        cells.append((c.cell_type, c.source, outputs))
    return cells


def _first_difference(fresh, stored) -> str:
    """Where two normalised notebooks first differ, said the way nbval says it: the cell and what
    differs in it."""
    for i, (new, old) in enumerate(zip(fresh, stored, strict=False)):
        if new != old:
            what = "source" if new[1] != old[1] else "outputs"
            return f"cell {i} ({what}): {old[1][:60]!r}\n  stored:  {old[2]}\n  fresh:   {new[2]}"
    return f"{len(stored)} cells stored, {len(fresh)} in a fresh build"


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_notebook_matches_a_fresh_build(path, tmp_path):
    """`solutions/NN.ipynb` and `notebooks/NN.ipynb` are exactly what `python -m kit build NN`
    writes: both are executed here in fresh kernels (the one execution of each notebook in the
    suite) and every cell's source and outputs are compared with the stored ones, strictly (what
    nbval compares, and also pictures, except the pixels of cells tagged `measured`)."""
    shutil.copytree(ROOT / "solutions", tmp_path / "solutions")
    build([path.stem], root=tmp_path, log=lambda _msg: None)
    for folder in ("solutions", "notebooks"):
        fresh = _normal(nbformat.read(tmp_path / folder / path.name, as_version=4))
        stored = _normal(nbformat.read(ROOT / folder / path.name, as_version=4))
        assert fresh == stored, (f"{folder}/{path.name} differs from a fresh build (run `python -m "
                                 f"kit build {path.stem}`): {_first_difference(fresh, stored)}")


def test_every_learner_notebook_has_a_source():
    learner = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert learner == sorted(p.name for p in SOLUTIONS), "a notebook in notebooks/ has no source"
