"""``flask --app tutor users create-admin LOGIN``: the first admin, from the command line.

The password is read from standard input (a terminal asks twice, hidden; a
pipe gives one line), so it never appears in the shell history or ``ps``.
An existing account of that login becomes admin with the new password.
"""

from __future__ import annotations

import sys

import click
from flask import Flask
from flask.cli import AppGroup

from tutor import storage
from tutor.accounts import passwords, store
from tutor.storage import sessions

users_cli = AppGroup("users", help="Учётные записи сайта.")


def _read_password() -> str:
    if sys.stdin.isatty():
        return str(click.prompt("Пароль", hide_input=True, confirmation_prompt="Ещё раз"))
    return sys.stdin.readline().rstrip("\r\n")


@users_cli.command("create-admin")
@click.argument("login")
def create_admin(login: str) -> None:
    """Create (or promote) an admin account; the password comes from stdin."""
    name = store.normal_login(login)
    problem = store.login_problem(name)
    password = _read_password()
    if not password:
        problem = problem or ("Пароль не передан: команда читает его со стандартного входа "
                              "(в терминале спросит дважды).")
    problem = problem or passwords.password_problem(password)
    if problem:
        raise click.ClickException(problem)
    password_hash = passwords.hash_secret(password)  # outside the database's deadline
    with storage.store().transaction() as conn:
        found = store.by_login(conn, name)
        if found:
            store.update(conn, found[0].id, role="admin", disabled=False,
                         password_hash=password_hash)
            user_id = found[0].id
        else:
            user_id = store.create(conn, login=name, display_name=name, role="admin",
                                   password_hash=password_hash).id
    if found:
        from_cli_revoke(user_id)
    click.echo(f"Администратор {name} готов (учётная запись №{user_id}).")


def from_cli_revoke(user_id: int) -> None:
    """A reset password signs the account out everywhere."""
    with storage.store().transaction() as conn:
        sessions.bump_version(conn, store.identity(user_id))


def init_app(app: Flask) -> None:
    app.cli.add_command(users_cli)
