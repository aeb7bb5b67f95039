"""The course: lessons from content/ru (store, Markdown extensions, glossary, links,
checks), the lesson and reference pages, and grading of a lesson drill's answer."""
