"""«Выберите ответ»: multiple choice for facts the engine does not model.

The only kind whose answer is written in the lesson (``answer`` is the
1-based number of the right option).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import BadAnswer, Drill, DrillKind, Param, Verdict, chosen_option


@register
class Choice(DrillKind):
    name = "choice"
    title = "Выберите ответ"
    default_prompt = "{question}"
    params = (
        Param("question", p.text),
        Param("options", p.text_list, help="список из 2–8 вариантов"),
        Param("answer", p.positive_int, help="номер верного варианта, начиная с 1"),
        Param("explain", p.text, None, help="объяснение, которое покажут после ответа"),
    )

    def prepare(self, params: Mapping[str, Any]) -> int:
        if params["answer"] > len(params["options"]):
            raise ValueError(
                f"Параметр «answer»: вариантов {len(params['options'])}, "
                f"а указан номер {params['answer']}."
            )
        return int(params["answer"])

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        picked = chosen_option(form, len(drill.params["options"]))
        if picked is None:
            raise BadAnswer("Выберите один из вариантов.")
        return Verdict(picked == drill.solution, {"picked": picked})


