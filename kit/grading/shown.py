"""How learner-controlled text is shown, wherever the grader writes it (CSV, HTML, text, JSON, the
terminal): one routine at the boundary where such text enters the grader.

`shown(text)` writes every character that could break or forge a line, or not encode at all, as a
visible escape: control, format and separator characters (newline, tab, escape, U+2028,
right-to-left marks: `\\x0a`, `\\u2028`), a lone surrogate (`\\ud800`, `\\udcff` in a cell or a
reply), and, in a file or folder name (`name=True`), a byte that was not UTF-8 (Python decodes it
as a surrogate U+DC80-U+DCFF: shown as the byte, `\\xff`).
Text already shown is unchanged. `shown_all(value)` does it for every string in a row of plain data
(dict keys too), keeping the newlines of the multi-line texts the grader itself wrote: the
learner's parts of those were shown on one line when they came in.
"""

import unicodedata

HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def _escape(c: str, name: bool = False) -> str:
    code = ord(c)
    if name and 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that was not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str, keep_newlines: bool = False, name: bool = False) -> str:
    """`text` with every hidden, line-breaking or unencodable character written as an escape
    (`name`: a file or folder name, whose undecodable bytes are shown as bytes)."""
    text = text if isinstance(text, str) else str(text)
    return "".join(c if unicodedata.category(c) not in HIDDEN or keep_newlines and c == "\n"
                   else _escape(c, name) for c in text)


def shown_all(value):
    """Every string in plain data (dicts, lists, tuples) shown, newlines kept."""
    if isinstance(value, str):
        return shown(value, keep_newlines=True)
    if isinstance(value, dict):
        return {shown_all(k): shown_all(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(shown_all(v) for v in value)
    return value
