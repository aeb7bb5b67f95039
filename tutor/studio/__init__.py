"""The studio: instructors write club lessons in the browser, keep versions,
check and preview them, publish them to their classes or (after an admin's review) to
everyone; learners read and answer the stored published versions."""
