"""Where a YAML syntax error is, and what it is, for ``file:line: message`` reports.

Lessons (front matter, drill blocks), the glossary and the yaku examples are
all YAML written by people; each reader turns PyYAML's error into a Russian
problem at the right line of its own file.
"""

from __future__ import annotations

import yaml


def yaml_error_at(exc: yaml.YAMLError) -> tuple[int, str]:
    """``(line, problem)``: the 0-based line of the error within the parsed text, and its text.

    PyYAML marks most errors (``problem_mark``); an error without a mark is put
    on the text's first line.
    """
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    return (mark.line if mark is not None else 0), problem
