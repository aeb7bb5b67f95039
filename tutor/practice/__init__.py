"""Endless practice: generated problems of every drill kind at three levels."""
