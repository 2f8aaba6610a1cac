"""Class grading in one place: the grader (`grader`), the isolated learner process (`learner`)
and the plain-data wire format between them (`wire`). `python -m kit grade ...` runs the grader."""
