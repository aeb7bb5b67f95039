"""Course files stay inside their folder: a symbolic link out of it is refused.

A link in ``content/`` to ``/etc/passwd`` (or to anything outside the course:
an instance config with the secret key, another project) used to render as a
lesson that every visitor could read. Every course file is read
only if its real path, links followed, lies inside the real path of the
folder it was found in. Links inside the folder (``02-fu.md`` →
``drafts/fu.md``) still work, and so does a content folder that is itself a
link (a deployment's ``current`` → ``releases/…``): both sides are resolved.
The problem message names no target, since lesson problems show on the site.
"""

from __future__ import annotations

from pathlib import Path

OUTSIDE = ("Файл ведёт за пределы папки курса (символическая ссылка), поэтому он не "
           "читается. Положите в папку сам файл, а не ссылку на чужой.")


def escapes_folder(path: Path, folder: Path | None = None) -> bool:
    """Whether ``path`` (links followed) lies outside ``folder`` (default: its own parent)."""
    root = (folder if folder is not None else path.parent).resolve()
    try:
        path.resolve().relative_to(root)
    except (ValueError, OSError, RuntimeError):  # outside, unreadable, or a link loop
        return True
    return False
