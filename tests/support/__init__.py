"""Helpers the tests share: apps, clients, accounts, servers, generated hands.

Only fixtures live in conftest.py; a test imports helpers from here, never from
conftest.py or from another test module (tests/test_layout.py checks).
"""
