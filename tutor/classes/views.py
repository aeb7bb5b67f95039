"""Class pages: the instructor's classes and dashboard, joining and leaving, assignments.

Routes (blueprint ``classes``; every one needs an account):

- ``GET /classes`` — an instructor's classes and the form for a new one; a
  learner's classes and the join form; ``POST /classes`` creates a class;
- ``GET|POST /classes/join`` — the join link (``?code=…``) and the code form;
- ``GET /classes/<id>`` — the dashboard, ``GET /classes/<id>/export.csv`` — its table;
- ``POST /classes/<id>/assignments`` (a lesson, a drill, a practice set, or a
  position of the instructor's own reviewed game) and ``…/assignments/<a>/delete``;
- ``GET /classes/<id>/learners/<u>`` — one learner's page in the class, with
  ``POST …/remove`` and ``POST …/reset`` (a one-time reset code);
- ``POST /classes/<id>/leave`` — a learner leaves;
- ``GET /classes/<id>/sets/<a>`` — a practice set's problems, or an assigned
  position of a reviewed game as a set of one (members and the owner).

Authorisation: the class is read with its owner (:func:`tutor.classes.store.owned`)
or its member (:func:`tutor.classes.store.membership`); any other id is 404.
The dashboard's reads are bounded (:mod:`tutor.classes.dashboard`).
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlalchemy.engine import Connection

from engine.generate import KINDS
from engine.rules.sets import RULESETS
from engine.text.messages import RULESET_NAMES
from tutor import storage
from tutor.accounts import passwords
from tutor.accounts.current import current_user, login_required, role_required
from tutor.accounts.store import User, by_id, clear_reset
from tutor.accounts.store import update as update_user
from tutor.accounts.zones import DEFAULT_ZONE, ZONES, moment_text, russian, today
from tutor.classes import club, dashboard, defaults, sequence, spreadsheet, store
from tutor.classes.dates import parse
from tutor.classes.home import my_assignments
from tutor.classes.picker import picker
from tutor.classes.work import (
    STATE_NAMES,
    parse_target,
    problem_link,
    rule_label,
    rule_sentence,
    work,
)
from tutor.course import regrade
from tutor.course.drill_names import course_numbers
from tutor.drills import kinds
from tutor.practice.views import prepared
from tutor.progress.mistakes import LEVEL_NAMES, MAX_SEED
from tutor.storage import review
from tutor.storage.errors import UNAVAILABLE, StorageError
from tutor.storage.review import POSITION_KIND
from tutor.web.errors import render_error

bp = Blueprint("classes", __name__, url_prefix="/classes")
NOT_FOUND = "Такого класса нет."
NO_LEARNER = "Такого ученика в классе нет."
NOT_A_LEARNER = ("Код сброса пароля выдаётся только ученикам. Преподаватель и администратор "
                 "восстанавливают вход своим кодом восстановления.")
RESET_HOURS = 24
TEACHERS = ("instructor", "admin")


def _me() -> User:
    user = current_user()
    assert user is not None  # the decorators let only a signed-in account through
    return user


def _owned(class_id: int) -> store.Klass:
    with storage.store().transaction() as conn:
        found = store.owned(conn, _me(), class_id)
    if found is None:
        abort(404, description=NOT_FOUND)
    return found


def _bad(message: str, class_id: int | None = None) -> ResponseReturnValue:
    if class_id is None:
        return _index(error=message), 400
    return _dashboard(_owned(class_id), error=message), 400


@bp.errorhandler(StorageError)
def _storage_down(_err: StorageError) -> ResponseReturnValue:
    # Rendered here: an abort() raised inside an error handler becomes a 500.
    return render_error(503, UNAVAILABLE)


# -- the list, creating, joining -----------------------------------------------------

def _index(error: str | None = None) -> str:
    user = _me()
    with storage.store().transaction() as conn:
        teaching = store.teaching(conn, user) if user.teaches else []
        joined = store.joined(conn, user)
        names = store.teachers(conn, joined)
    return render_template("classes/index.html", user=user, teaching=teaching, joined=joined,
                           teachers=names, assigned=my_assignments(),
                           rulesets=RULESET_NAMES, error=error, zones=ZONES,
                           default_zone=DEFAULT_ZONE)


@bp.get("")
@login_required
def index() -> ResponseReturnValue:
    return _index()


@bp.post("")
@role_required(*TEACHERS)
def create() -> ResponseReturnValue:
    name = " ".join(request.form.get("name", "").split())[:80]
    rules = request.form.get("rules", "online")
    ends_text = request.form.get("ends_on", "").strip()
    ends = parse(ends_text)
    if not name:
        return _bad("Назовите класс.")
    if rules not in RULESETS:
        return _bad("Выберите свод правил из списка.")
    if ends_text and ends is None:
        return _bad("Дата окончания не похожа на дату.")
    zone_name = request.form.get("time_zone", DEFAULT_ZONE)
    if zone_name not in ZONES:
        return _bad("Выберите часовой пояс из списка.")
    with storage.store().transaction() as conn:
        klass = store.create(conn, _me(), name, rules, ends.isoformat() if ends else None,
                             zone_name)
    return redirect(url_for("classes.dashboard_page", class_id=klass.id))


@bp.route("/join", methods=["GET", "POST"])
@login_required
def join() -> ResponseReturnValue:
    code = store.normal_code(request.values.get("code", ""))
    with storage.store().transaction() as conn:
        klass = store.by_code(conn, code) if code else None
        teacher = store.teachers(conn, [klass])[klass.id] if klass else ""
        if request.method == "POST" and klass is not None:
            if store.count_members(conn, klass.id) >= store.MEMBERS_MAX:
                abort(409, description="В классе уже максимальное число учеников.")
            store.join(conn, klass, _me())
    if request.method == "POST" and klass is not None:
        flash(f"Вы в классе «{klass.name}», преподаватель — {teacher}. Задания класса — "
              "ниже, на главной, и в разделе «Мои классы».")
        return redirect(url_for("lessons.index"))
    error = "Класса с таким кодом нет: проверьте код." if code and klass is None else None
    status = 404 if error else 200
    return render_template("classes/join.html", klass=klass, code=code, error=error,
                           teacher=teacher), status


@bp.post("/<id:class_id>/leave")
@login_required
def leave(class_id: int) -> ResponseReturnValue:
    with storage.store().transaction() as conn:
        if store.membership(conn, _me(), class_id) is None:
            abort(404, description=NOT_FOUND)
        store.leave(conn, class_id, _me().id)
        clear_reset(conn, _me().id)  # a code issued by this class's instructor dies with it
    return redirect(url_for("classes.index"))


# -- the dashboard -------------------------------------------------------------------

def _regraded(class_id: int) -> list[store.Member]:
    """The class's pending mistakes graded again where a rule value changed since.

    Returns the members it read, so the dashboard does not read them again.
    """
    with storage.store().transaction() as conn:
        people = store.members(conn, class_id)
    regrade.refresh([m.learner_id for m in people], prepared)
    return people


def _dashboard(klass: store.Klass, error: str | None = None) -> str:
    people = _regraded(klass.id)
    with storage.store().transaction() as conn:
        board = dashboard.read(conn, klass.id, people)
        my_positions = review.positions_of(conn, _me().learner_id)
    registry = kinds()
    practice_kinds = [(k, registry[k].title) for k in KINDS if k in registry]
    numbers = course_numbers()
    missed = [(problem_link(key, numbers=numbers, published=board.published,
                            class_id=klass.id), n) for key, n in board.missed]
    join_url = url_for("classes.join", code=klass.code, _external=True)
    return render_template(
        "classes/dashboard.html", klass=klass, board=board,
        pick=picker(request.args.get("drills_of"), board.published),
        practice_kinds=practice_kinds, levels=LEVEL_NAMES, states=STATE_NAMES,
        missed=[(link, n) for link, n in missed if link], rule_label=rule_label,
        rule_sentence=rule_sentence,
        kind_titles={k: v.title for k, v in registry.items()}, join_url=join_url,
        rulesets=RULESET_NAMES, error=error, ends=_ends(klass),
        when=_when(klass), zones=ZONES, today=today(klass.time_zone).isoformat(),
        positions=my_positions)


def _ends(klass: store.Klass) -> str:
    day = parse(klass.ends_on)
    return russian(day) if day else ""


def _when(klass: store.Klass) -> Callable[[dt.datetime | None], str]:
    """How the class's pages say a moment: in the class's zone, never in UTC."""
    def when(moment: dt.datetime | None) -> str:
        return moment_text(moment, klass.time_zone) if moment else "ещё не отвечал(а)"
    return when


@bp.get("/<id:class_id>")
@role_required(*TEACHERS)
def dashboard_page(class_id: int) -> ResponseReturnValue:
    return _dashboard(_owned(class_id))


@bp.get("/<id:class_id>/export.csv")
@role_required(*TEACHERS)
def export(class_id: int) -> ResponseReturnValue:
    klass = _owned(class_id)
    people = _regraded(klass.id)
    with storage.store().transaction() as conn:
        board = dashboard.read(conn, klass.id, people)
    response = Response(spreadsheet.table(board, klass.time_zone), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="class-{klass.id}.csv"'
    response.headers["Cache-Control"] = "no-store"
    return response


# -- assignments ---------------------------------------------------------------------

@bp.post("/<id:class_id>/assignments")
@role_required(*TEACHERS)
def assign(class_id: int) -> ResponseReturnValue:
    klass = _owned(class_id)
    kind = request.form.get("kind", "")
    due_text = request.form.get("due_on", "").strip()
    due = parse(due_text)
    if kind not in ("lesson", "drill", "practice", POSITION_KIND):
        return _bad("Выберите, что задать.", class_id)
    if due_text and due is None:
        return _bad("Срок не похож на дату.", class_id)
    if due is not None and due < today(klass.time_zone):
        return _bad(f"Срок {russian(due)} уже прошёл: выберите сегодняшний день или позже.",
                    class_id)
    count, seed = 1, 0
    if kind == "practice":
        target = f"{request.form.get('practice_kind', '')}/{request.form.get('level', '')}"
        try:
            count = int(request.form.get("count", "0"))
        except ValueError:
            count = 0
        seed = secrets.randbelow(MAX_SEED - 1000)
    else:
        target = request.form.get(kind, "")
    if kind in ("lesson", "drill") and target.startswith("club/"):  # a studio lesson's
        kind, target = "club", target.removeprefix("club/")
    problem = (_own_position(target) if kind == POSITION_KIND
               else parse_target(kind, target, count))
    if problem:
        return _bad(problem, class_id)
    with storage.store().transaction() as conn:
        if kind == "club" and (refused := _club_refusal(conn, klass.id, target)):
            return _bad(refused, class_id)
        if store.count_assignments(conn, klass.id) >= store.ASSIGNMENTS_MAX:
            return _bad("В классе уже максимальное число заданий.", class_id)
        store.add_assignment(conn, klass.id, kind, target, count, seed,
                             due.isoformat() if due else None)
    return redirect(url_for("classes.dashboard_page", class_id=klass.id))


def _own_position(target: str) -> str | None:
    """A reason to refuse a position that is not one of the instructor's own, or None."""
    if target.isascii() and target.isdigit() and len(target) <= 10:
        with storage.store().transaction() as conn:
            if review.owned_positions(conn, _me().learner_id, [int(target)]):
                return None
    return "Выберите позицию из своих разобранных партий."


def _club_refusal(conn: Connection, class_id: int, target: str) -> str | None:
    """Why a studio lesson (or its drill) cannot be assigned to this class, or None."""
    lesson = club.find(club.published(conn, [class_id]), class_id, target)
    if lesson is None:
        return "Этот урок студии не опубликован в классе."
    drill_id = target.partition("/")[2]
    if drill_id and drill_id not in club.drill_names(lesson):
        return "Такого упражнения в уроке нет."
    return None


@bp.post("/<id:class_id>/zone")
@role_required(*TEACHERS)
def set_zone(class_id: int) -> ResponseReturnValue:
    klass = _owned(class_id)
    zone_name = request.form.get("time_zone", "")
    if zone_name not in ZONES:
        return _bad("Выберите часовой пояс из списка.", class_id)
    with storage.store().transaction() as conn:
        store.set_time_zone(conn, klass.id, zone_name)
    flash(f"Часовой пояс класса: {ZONES[zone_name]}.")
    return redirect(url_for("classes.dashboard_page", class_id=klass.id))


@bp.post("/<id:class_id>/assignments/<id:assignment_id>/delete")
@role_required(*TEACHERS)
def unassign(class_id: int, assignment_id: int) -> ResponseReturnValue:
    klass = _owned(class_id)
    with storage.store().transaction() as conn:
        if not store.remove_assignment(conn, klass.id, assignment_id):
            abort(404, description="Такого задания нет.")
    return redirect(url_for("classes.dashboard_page", class_id=klass.id))


@bp.get("/<id:class_id>/sets/<id:assignment_id>")
@login_required
def practice_set(class_id: int, assignment_id: int) -> ResponseReturnValue:
    """The problems of a practice set (or a position's one task): for the class's members
    and its instructor."""
    user = _me()
    with storage.store().transaction() as conn:
        joined = store.membership(conn, user, class_id)
        klass = joined or store.owned(conn, user, class_id)
        item = store.assignment(conn, class_id, assignment_id) if klass else None
    if klass is None or item is None or item.kind not in sequence.SET_KINDS:
        abort(404, description="Такого задания нет.")
    shown = work(item)
    member = joined is not None
    tasks = sequence.tasks_of(shown, klass.rules, user.learner_id if member else None)
    tried = [t for t in tasks if t.state != "new"]
    first = next((t for t in tasks if t.state != "solved"), None)
    back = url_for("classes.index") if member else url_for("classes.dashboard_page",
                                                            class_id=klass.id)
    return render_template("classes/set.html", klass=klass, work=shown, tasks=tasks,
                           finished=member and tasks and len(tried) == len(tasks),
                           solved=sum(1 for t in tasks if t.state == "solved"), first=first,
                           back=back, words=sequence.STATE_WORDS,
                           result=sequence.result_text(tasks))


# -- one learner ---------------------------------------------------------------------

def _member(klass: store.Klass, user_id: int) -> store.Member:
    with storage.store().transaction() as conn:
        found = store.member(conn, klass.id, user_id)
    if found is None:
        abort(404, description=NO_LEARNER)
    return found


def _learner(klass: store.Klass, member: store.Member, code: str | None = None) -> str:
    regrade.refresh([member.learner_id], prepared)
    with storage.store().transaction() as conn:
        row, board = dashboard.read_one(conn, klass.id, member)
        account = by_id(conn, member.user_id)
    works = board.works
    numbers = course_numbers()
    mistakes = [(problem_link(p, numbers=numbers, published=board.published,
                              class_id=klass.id), kind, rule)
                for p, kind, rule in row.mistakes]
    registry = kinds()
    return render_template(
        "classes/learner.html", klass=klass, row=row, works=works, states=STATE_NAMES,
        mistakes=[(link, kind, rule) for link, kind, rule in mistakes if link],
        rule_label=rule_label, rule_sentence=rule_sentence,
        kind_titles={k: v.title for k, v in registry.items()},
        when=_when(klass), code=code,
        resettable=account is not None and account.role == "learner")


@bp.get("/<id:class_id>/learners/<id:user_id>")
@role_required(*TEACHERS)
def learner_page(class_id: int, user_id: int) -> ResponseReturnValue:
    klass = _owned(class_id)
    return _learner(klass, _member(klass, user_id))


@bp.post("/<id:class_id>/learners/<id:user_id>/remove")
@role_required(*TEACHERS)
def remove(class_id: int, user_id: int) -> ResponseReturnValue:
    klass = _owned(class_id)
    with storage.store().transaction() as conn:
        if not store.leave(conn, klass.id, user_id):
            abort(404, description=NO_LEARNER)
        clear_reset(conn, user_id)
    return redirect(url_for("classes.dashboard_page", class_id=klass.id))


@bp.post("/<id:class_id>/learners/<id:user_id>/reset")
@role_required(*TEACHERS)
def reset(class_id: int, user_id: int) -> ResponseReturnValue:
    """A one-time code (valid a day) the learner types at /account/recover; shown once.

    Only for a member whose role is learner: a code signs its holder in as the
    account, so for an admin or an instructor who joined the class it would
    hand their powers to this class's instructor.
    """
    klass = _owned(class_id)
    member = _member(klass, user_id)
    with storage.store().transaction() as conn:
        account = by_id(conn, member.user_id)
    if account is None or account.role != "learner":
        abort(403, description=NOT_A_LEARNER)
    code = passwords.new_code()
    until = dt.datetime.now(dt.UTC).timestamp() + RESET_HOURS * 3600
    reset_hash = passwords.hash_secret(code)  # CPU time, outside the database's deadline
    with storage.store().transaction() as conn:
        update_user(conn, member.user_id, reset_hash=reset_hash, reset_until=until)
    return _learner(klass, member, code), 200, {"Cache-Control": "no-store"}


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    defaults.init_app(app)

