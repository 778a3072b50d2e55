from tests.unit.thirteenth_age.support import bare, t  # noqa: F401  (the fixtures)
