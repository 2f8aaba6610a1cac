"""The teacher's outputs beside the CSV: Canvas's gradebook import and the class summary."""

import csv
import io

from kit.grading.gradebook import canvas_rows, cell, summary, write_canvas, write_summary


def row(student, scores, pitfalls=None):
    pitfalls = pitfalls or {}
    return {"student": student, "scores": scores, "max": dict.fromkeys(scores, 1),
            "outcomes": {q: {"status": "passed" if s else "failed", "pitfall": pitfalls.get(q)}
                         for q, s in scores.items()}}


CLASS = [row("ana", {"q1": 1, "q2": 1}),
         row("bo", {"q1": 0, "q2": 1}, {"q1": "ties not kept in input order"}),
         row("cy", {"q1": 0, "q2": 0}, {"q1": "ties not kept in input order",
                                        "q2": "clamped at zero"}),
         row("=cmd()", {"q1": 0, "q2": 0}, {"q1": "latest deadline first"})]


def test_formulas_are_neutralised_and_other_values_kept():
    assert [cell(v) for v in ["=1+1", "+x", "-x", "@x", "ana", 3, "a=b"]] == \
        ["'=1+1", "'+x", "'-x", "'@x", "ana", 3, "a=b"]


def test_canvas_csv_has_its_columns_points_possible_and_one_row_per_student(tmp_path):
    path = write_canvas(CLASS, tmp_path / "canvas.csv", "EDF (02)")
    lines = list(csv.reader(io.StringIO(path.read_text())))
    assert lines[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "EDF (02)"]
    assert lines[1] == ["    Points Possible", "", "", "", "", "2"]
    assert lines[2:] == [["ana", "", "", "ana", "", "2"], ["bo", "", "", "bo", "", "1"],
                         ["cy", "", "", "cy", "", "0"], ["'=cmd()", "", "", "'=cmd()", "", "0"]]
    assert canvas_rows([], "x")[1][-1] == 0


def test_summary_counts_passes_and_the_most_common_named_pitfall():
    stats = summary(CLASS)
    assert [(s.question, s.passed, s.students, s.pitfall, s.pitfall_count) for s in stats] == [
        ("q1", 1, 4, "ties not kept in input order", 2), ("q2", 2, 4, "clamped at zero", 1)]


def test_summary_page_has_the_table_and_a_chart(tmp_path):
    page = write_summary(CLASS, tmp_path / "summary.html").read_text()
    assert "<h1>Class summary: 4 submissions</h1>" in page
    assert "<th>passed</th><th>failed</th><th>not attempted</th><th>crashed</th>" \
        "<th>timed out</th><th>too slow</th><th>mutated its input</th>" in page
    assert "<td>q1</td><td>1 / 4</td><td>1</td><td>3</td><td>0</td><td>0</td><td>0</td>" \
        "<td>0</td><td>0</td><td>ties not kept in input order (2)</td>" in page
    assert "href" not in page  # no report folder named: no links


def test_summary_counts_every_outcome_and_links_each_report(tmp_path):
    rows = [row("ana", {"q1": 1}), row("bo", {"q1": 0}), row("cy/x", {"q1": 0})]
    rows[1]["outcomes"]["q1"]["status"] = "timed out"
    rows[2]["outcomes"]["q1"]["status"] = "crashed"
    (stats,) = summary(rows)
    assert stats.outcomes == {"passed": 1, "failed": 0, "not attempted": 0, "crashed": 1,
                              "timed out": 1, "too slow": 0, "mutated its input": 0}
    names = {"ana": "ana", "bo": "bo", "cy/x": "cy%2Fx"}
    page = write_summary(rows, tmp_path / "out" / "summary.html", tmp_path / "reports",
                         names).read_text()
    for student, name in (("ana", "ana"), ("cy/x", "cy%252Fx")):
        assert f"<a href='../reports/{name}.html'>{student}</a>" in page, student
    assert "src='data:image/png;base64,iVBOR" in page  # a PNG
