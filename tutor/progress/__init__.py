"""The learner's progress page: records each graded answer and draws the history."""
