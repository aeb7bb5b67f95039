"""Tools for lesson authors: the guide, the instructor's preview with its sanitiser, and
the ``flask content`` commands (check, new)."""
