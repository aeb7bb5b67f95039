"""A learner's day on a 390 px phone (menu, readable tiles, their size, the class); the studio.

One server for the module (the fixture course and a SQLite file; an admin and
an instructor made before it starts), one Chromium. The rules come from the
learner-and-instructor review (December 2026):

- the menu is one row at 390 px; «Меню» opens the rest, with and without JavaScript;
- a 14-tile hand with the winning tile's gap fills one row at 34 px or more on the
  phone, 40 px or more wide on a desktop; corner indices are at least 10 px; the
  winning tile is marked (a frame, not only a gap); post-answer buttons are 44 px
  tall with space between them;
- the tile size setting works without JavaScript, in a cookie for an anonymous
  learner and in the account for a signed-in one (it follows them to a new device);
- the changed pages pass axe with no violations;
- the studio asks before leaving unsaved text, restores the draft on return and
  names the publish position by the lesson's title.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from tests.support.accounts import PASSWORD, make_user
from tests.support.browser import PHONE, axe_violations, running_site

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1280, "height": 800}
FU = "/practice/fu/novice/1"  # a 14-tile hand with its winning tile set apart


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("phone-day")

    def accounts(app: Flask) -> None:
        make_user(app, "root", "admin")
        make_user(app, "coach", "instructor")

    config = {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}
    with running_site(folder / "content", config, prepare=accounts) as url:
        yield url


class Contexts:
    """Browser contexts of one test; console errors (CSP violations included) are kept."""

    def __init__(self, browser, base: str) -> None:  # noqa: ANN001
        self.browser, self.base, self.opened, self.errors = browser, base, [], []

    def page(self, viewport: dict[str, int] = PHONE, js: bool = True):  # noqa: ANN201
        context = self.browser.new_context(base_url=self.base, viewport=viewport,
                                            java_script_enabled=js, has_touch=viewport == PHONE)
        self.opened.append(context)
        page = context.new_page()
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page

    def close(self) -> None:
        for context in self.opened:
            context.close()


@pytest.fixture
def people(browser, site: str) -> Iterator[Contexts]:  # noqa: ANN001
    made = Contexts(browser, site)
    yield made
    made.close()
    assert made.errors == [], made.errors


def sign_in(page, login: str) -> None:  # noqa: ANN001
    page.goto("/account/login")
    page.get_by_label("Логин").fill(login)
    page.get_by_label("Пароль").fill(PASSWORD)
    page.get_by_role("button", name="Войти").click()
    page.wait_for_url(re.compile(r".*/$"))


HAND = """() => {
  const hand = document.querySelector('.drill .tiles--hand');
  const tiles = [...hand.querySelectorAll('.tile')].map(t => t.getBoundingClientRect());
  const win = hand.querySelector('.tile-group--win > .tile');
  return {count: tiles.length, rows: new Set(tiles.map(t => Math.round(t.bottom))).size,
          height: Math.min(...tiles.map(t => t.height)),
          width: Math.min(...tiles.map(t => t.width)),
          right: Math.max(...tiles.map(t => t.right)), screen: innerWidth,
          winFrame: getComputedStyle(win).outlineStyle + ' ' + getComputedStyle(win).outlineWidth};
}"""
INDICES = """() => [...document.querySelectorAll('.tile')]
  .map(t => getComputedStyle(t, '::after'))
  .filter(s => s.content !== 'none' && s.content !== 'normal')
  .map(s => parseFloat(s.fontSize))"""


def test_the_menu_is_one_row_on_a_phone_and_opens_without_javascript(people: Contexts) -> None:
    for js in (True, False):
        page = people.page(js=js)
        page.goto("/")
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 60, header  # one row: logo, «Курс», «Практика», «Меню»
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        glossary = page.locator(".site-nav__drop").get_by_role("link", name="Глоссарий")
        assert not glossary.is_visible()
        page.get_by_text("Меню", exact=True).click()
        assert glossary.is_visible() and glossary.bounding_box()["height"] >= 44
        assert page.locator(".site-nav__wide a", has_text="Глоссарий").count() == 1
        assert not page.locator(".site-nav__wide").is_visible()
    desktop = people.page(DESKTOP)
    desktop.goto("/")
    assert desktop.locator(".site-nav__wide").get_by_role("link", name="Глоссарий").is_visible()
    assert not desktop.get_by_text("Меню", exact=True).is_visible()


def test_a_fourteen_tile_hand_is_readable_on_a_phone_and_a_desktop(people: Contexts) -> None:
    phone = people.page()
    phone.goto(FU)
    hand = phone.evaluate(HAND)
    assert hand["count"] == 14 and hand["rows"] == 1 and hand["right"] <= hand["screen"]
    assert hand["height"] >= 34, hand
    assert hand["winFrame"].startswith("solid"), hand  # marked, not only set apart
    assert min(phone.evaluate(INDICES)) >= 10
    desktop = people.page(DESKTOP)
    desktop.goto(FU)
    assert desktop.evaluate(HAND)["width"] >= 40
    assert min(desktop.evaluate(INDICES)) >= 10


def test_post_answer_buttons_are_thumb_sized_and_apart(people: Contexts) -> None:
    phone = people.page()
    phone.goto("/lessons/basics")
    drill = phone.locator('[data-drill-id="set-size"]')
    drill.get_by_label("136").check()
    drill.get_by_role("button", name="Проверить").click()
    buttons = drill.locator(".feedback__actions .button")
    buttons.last.wait_for()
    boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
    assert boxes and all(box["height"] >= 44 for box in boxes), boxes
    for first, second in zip(boxes, boxes[1:], strict=False):
        apart = (second["y"] - (first["y"] + first["height"]) >= 6
                 or second["x"] - (first["x"] + first["width"]) >= 6)
        assert apart, boxes


def _inline_tile_height(page) -> float:  # noqa: ANN001
    return page.locator(".tiles--inline .tile").first.bounding_box()["height"]


def test_the_tile_size_setting_works_without_javascript_and_follows_the_account(
        people: Contexts) -> None:
    anonymous = people.page(js=False)
    anonymous.goto("/lessons/basics")
    normal = _inline_tile_height(anonymous)
    anonymous.goto("/settings")
    anonymous.get_by_label("Крупные", exact=True).check()
    anonymous.get_by_role("button", name="Сохранить").click()
    anonymous.get_by_text("Тайлы: крупные.").wait_for()
    anonymous.goto("/lessons/basics")
    assert _inline_tile_height(anonymous) >= normal * 1.15
    cookies = {c["name"]: c["value"] for c in anonymous.context.cookies()}
    assert cookies.get("tempai_tiles") == "large"

    phone = people.page()
    sign_in(phone, "coach")
    phone.goto("/settings")
    phone.get_by_label("Очень крупные").check()
    phone.get_by_role("button", name="Сохранить").click()
    phone.get_by_text("Тайлы: очень крупные.").wait_for()
    laptop = people.page(DESKTOP)  # a new device: no cookie, the account brings the size
    sign_in(laptop, "coach")
    assert laptop.locator("html").get_attribute("class") == "tiles-xlarge"
    phone.goto("/settings")
    phone.get_by_label("Обычные").check()
    phone.get_by_role("button", name="Сохранить").click()
    phone.get_by_text("Тайлы: обычные.").wait_for()


def test_changed_pages_pass_axe_on_a_phone(people: Contexts) -> None:
    coach = people.page(DESKTOP)
    sign_in(coach, "coach")
    coach.goto("/classes")
    coach.get_by_label("Название").fill("Вторник")
    coach.get_by_role("button", name="Создать класс").click()
    code = coach.locator("[data-join-code]").inner_text()
    dashboard = coach.url
    coach.get_by_role("button", name="Задать урок").click()
    # an instructor's export of an analysed hand, with its copy button (JavaScript)
    coach.goto("/analyse?hand=567m3458823s&melds=chi%20234p")
    coach.get_by_role("link", name="Сделать упражнение").click()
    coach.locator("#export-waits").wait_for()
    assert coach.locator("[data-copy='export-waits']").is_visible()

    learner = people.page()
    learner.goto("/account/register")
    learner.get_by_label("Логин").fill("lena")
    learner.get_by_label("Имя, которое увидит преподаватель").fill("Лена")
    learner.get_by_label("Пароль", exact=False).first.fill(PASSWORD)
    learner.get_by_label("Пароль ещё раз").fill(PASSWORD)
    learner.get_by_role("button", name="Зарегистрироваться").click()
    learner.get_by_role("link", name="Я записал код, продолжить").click()
    learner.goto(f"/classes/join?code={code}")
    assert "преподаватель — Coach" in learner.locator("main").inner_text()
    problems = {"/classes/join": axe_violations(learner)}
    learner.get_by_role("button", name="Вступить").click()
    learner.get_by_text("Вы в классе «Вторник», преподаватель — Coach.").wait_for()
    problems["/ (joined)"] = axe_violations(learner)
    learner.get_by_text("Меню", exact=True).click()
    learner.locator(".site-nav__drop").get_by_role("link", name="Мои классы").click()
    learner.locator("[data-joined]").wait_for()
    for path in ("/settings", "/classes", FU, "/analyse?hand=19m19p19s1234567z1m"):
        learner.goto(path)
        problems[path] = axe_violations(learner)
    admin = people.page()
    sign_in(admin, "root")
    for path in ("/admin/users", dashboard.split("127.0.0.1", 1)[1].split("/", 1)[1]):
        admin.goto(path if path.startswith("/") else "/" + path)
        problems[path] = axe_violations(admin)
    assert {path: found for path, found in problems.items() if found} == {}


def test_the_studio_keeps_unsaved_text_and_asks_before_leaving(people: Contexts) -> None:
    coach = people.page(DESKTOP)
    sign_in(coach, "coach")
    coach.goto("/classes")  # the publish form is shown to an instructor with a class
    coach.get_by_label("Название").fill("Студийный")
    coach.get_by_role("button", name="Создать класс").click()
    coach.goto("/studio")
    coach.get_by_label("Название нового урока").fill("Черновик клуба")
    coach.get_by_role("button", name="Новый урок").click()
    coach.wait_for_url(re.compile(r".*/studio/\d+$"))
    editor = coach.url
    positions = coach.locator("#publish-position option").all_inner_texts()
    assert "после урока 1 «Основы для тестов»" in positions  # named by title, not a number
    area = coach.locator("#studio-source")
    area.click()
    area.press("Control+End")
    area.type("\nНесохранённая строка.")
    asked: list[str] = []

    def on_dialog(dialog) -> None:  # noqa: ANN001
        asked.append(dialog.type)
        dialog.dismiss()  # stay on the page

    coach.on("dialog", on_dialog)
    coach.get_by_role("link", name="Мои классы").click()
    coach.wait_for_timeout(300)
    assert asked == ["beforeunload"] and coach.url == editor
    coach.remove_listener("dialog", on_dialog)
    coach.on("dialog", lambda dialog: dialog.accept())
    coach.get_by_role("link", name="Мои классы").click()
    coach.wait_for_url(re.compile(r".*/classes$"))
    coach.goto(editor)  # back: the draft is restored and said so
    assert coach.locator("#studio-source").input_value().endswith("Несохранённая строка.")
    assert coach.locator("[data-draft-notice]").is_visible()
    coach.get_by_role("button", name="Сохранить версию").click()
    coach.locator("[data-saved]").wait_for()
    coach.goto(editor)  # saved: nothing to restore, nothing to ask
    assert not coach.locator("[data-draft-notice]").is_visible()
    assert coach.locator("#studio-source").input_value().endswith("Несохранённая строка.")
