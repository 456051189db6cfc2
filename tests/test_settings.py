"""The server's settings: one typed class read from LAPILLI_* variables, and `lapilli serve`'s
options built from it (each option is also its variable, and both give the same Settings)."""
import importlib
import os
import pathlib
import re
import time

import pytest

from lapilli.cli import main
from lapilli.server.config import Settings

SERVE = importlib.import_module("lapilli.cli.serve")

# one value per serve option, as given on the command line or in its variable
OPTION_VALUES = {
    "host": "127.0.0.2",
    "port": "8123",
    "database_url": None,  # a file in the test's folder
    "redis_url": "redis://127.0.0.1:6390/0",
    "bot_workers": "3",
    "seat_grace": "7.5",
    "bot_pace": "0.25",
    "datasets": "isola-dei-vulcani=rim-craters",
    "smtp_url": "smtp://127.0.0.1:2525",
    "public_url": "http://tables.invalid/",
    "trusted_proxies": "127.0.0.1,10.0.0.0/8",
}

# every variable the server read before its settings became one class, a value, and the
# attribute and value it must give
EXISTING = [
    ("LAPILLI_DATABASE_URL", "sqlite:///x.db", "database_url", "sqlite:///x.db"),
    ("LAPILLI_REDIS_URL", "redis://127.0.0.1:1/0", "redis_url", "redis://127.0.0.1:1/0"),
    ("LAPILLI_BOT_WORKERS", "3", "bot_workers", 3),
    ("LAPILLI_BOT_WORKERS", "0", "bot_workers", os.cpu_count() or 1),
    ("LAPILLI_COACH_ITERATIONS", "7", "coach_iterations", 7),
    ("LAPILLI_COACH_SAMPLES", "2", "coach_samples", 2),
    ("LAPILLI_COACH_LIMIT", "9.5", "coach_limit", 9.5),
    ("LAPILLI_COACH_WORKERS", "3", "coach_workers", 3),
    ("LAPILLI_COACH_PER_ADDRESS", "4", "coach_per_address", 4),
    ("LAPILLI_SEAT_GRACE", "30", "seat_grace", 30.0),
    ("LAPILLI_PRESENCE_HEARTBEAT", "2.5", "presence_heartbeat", 2.5),
    ("LAPILLI_BOT_PACE", "0", "bot_pace", 0.0),
    ("LAPILLI_MAX_MESSAGES_PER_SECOND", "5", "max_messages_per_second", 5.0),
    ("LAPILLI_INSTANCE", "a", "instance", "a"),
    ("LAPILLI_SEND_TIMEOUT", "1.5", "send_timeout", 1.5),
    ("LAPILLI_SEND_QUEUE", "8", "send_queue", 8),
    ("LAPILLI_IDLE_SECONDS", "60", "idle_seconds", 60.0),
    ("LAPILLI_MAX_TABLES", "10", "max_tables", 10),
    ("LAPILLI_RESUME_BATCH", "5", "resume_batch", 5),
    ("LAPILLI_CREATE_RATE", "100000/minute", "create_rate", "100000/minute"),
    ("LAPILLI_MAX_BODY_BYTES", "1024", "max_body_bytes", 1024),
    ("LAPILLI_MAX_SOCKETS_PER_ADDRESS", "3", "max_sockets_per_address", 3),
    ("LAPILLI_HEAVY_WORKERS", "1", "heavy_workers", 1),
    ("LAPILLI_HEAVY_PROCESSES", "0", "heavy_processes", False),
    ("LAPILLI_HEAVY_PROCESSES", "1", "heavy_processes", True),
    ("LAPILLI_HEAVY_READ_RATE", "5/second", "heavy_read_rate", "5/second"),
    ("LAPILLI_LEARN_RATE", "5/second", "learn_rate", "5/second"),
    ("LAPILLI_REPLAY_CACHE_BYTES", "1000", "replay_cache_bytes", 1000),
    ("LAPILLI_HEALTH_PROBE_EVERY", "1", "health_probe_every", 1.0),
    ("LAPILLI_RETRY_MAX_SECONDS", "0.5", "retry_max_seconds", 0.5),
    ("LAPILLI_TEST_SEEDS", "1", "test_seeds", True),
    ("LAPILLI_SIGNIN_RATE", "3/minute", "signin_rate", "3/minute"),
    ("LAPILLI_SIGNUP_RATE", "3/hour", "signup_rate", "3/hour"),
    ("LAPILLI_HASH_CONCURRENCY", "1", "hash_concurrency", 1),
    ("LAPILLI_HASH_WAITING", "4", "hash_waiting", 4),
    ("LAPILLI_LOCKOUT_FAILURES", "2", "lockout_failures", 2),
    ("LAPILLI_LOCKOUT_SECONDS", "60", "lockout_seconds", 60.0),
    ("LAPILLI_SECURE_COOKIES", "1", "secure_cookies", True),
    ("LAPILLI_CLOCK_POLL", "0.1", "clock_poll", 0.1),
    ("LAPILLI_CLOCK_SYNC", "0", "clock_sync", 0.0),
    ("LAPILLI_RATING_RETRY", "5", "rating_retry", 5.0),
    ("LAPILLI_SMTP", "smtp://127.0.0.1:25", "smtp_url", "smtp://127.0.0.1:25"),
    ("LAPILLI_MAIL_FROM", "me@127.0.0.1", "mail_from", "me@127.0.0.1"),
    ("LAPILLI_PUBLIC_URL", "http://x.invalid", "public_url", "http://x.invalid"),
    ("LAPILLI_CONFIRM_EVERY", "10", "confirm_every", 10.0),
    ("LAPILLI_NOTICES_PER_ADDRESS", "2", "notices_per_address", 2),
    ("LAPILLI_NOTIFY_RATE", "2/hour", "notify_rate", "2/hour"),
]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """No LAPILLI_* variable of the machine's, and the default database in the test's folder."""
    for name in list(os.environ):
        if name.upper().startswith("LAPILLI_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("LAPILLI_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def served(monkeypatch):
    """The Settings `lapilli serve` would serve with (it stops just before serving)."""
    seen = []
    monkeypatch.setattr(SERVE, "_run", seen.append)
    return seen


@pytest.mark.parametrize("name, value, field, expected", EXISTING, ids=[f"{e[0]}={e[1]}" for e in EXISTING])
def test_every_existing_variable_still_sets_its_setting(home, monkeypatch, name, value, field, expected):
    monkeypatch.setenv(name, value)
    assert getattr(Settings(), field) == expected
    assert Settings.env_name(field) == name


def test_an_empty_variable_means_the_default(home, monkeypatch):
    monkeypatch.setenv("LAPILLI_SEND_QUEUE", "")
    monkeypatch.setenv("LAPILLI_SMTP", "")
    assert Settings().send_queue == 64 and Settings().smtp_url is None


def test_the_test_clock_offset_shifts_the_clock(home, monkeypatch):
    monkeypatch.setenv("LAPILLI_TEST_CLOCK_OFFSET", "3600")
    assert Settings().now() - time.time() > 3000
    assert Settings(now=lambda: 5.0).now() == 5.0


def test_a_value_given_to_the_constructor_wins_over_the_variable(home, monkeypatch):
    monkeypatch.setenv("LAPILLI_SEAT_GRACE", "5")
    monkeypatch.setenv("LAPILLI_SMTP", "smtp://127.0.0.1:1")
    settings = Settings(seat_grace=9, smtp_url="smtp://127.0.0.1:2")
    assert settings.seat_grace == 9 and settings.smtp_url == "smtp://127.0.0.1:2"
    assert Settings().seat_grace == 5
    settings.bot_pace = 0.0  # settings stay assignable, as tests and the server set them
    assert settings.bot_pace == 0.0


def test_every_field_is_typed_and_described():
    for name, info in Settings.model_fields.items():
        assert info.annotation is not None and info.description, name


def test_every_serve_option_is_a_settings_field_with_its_variable():
    """The command's options are exactly the fields marked as serve options, each with the
    field's variable, and --help shows each variable."""
    import typer.main

    command = typer.main.get_command(importlib.import_module("lapilli.cli").app).commands["serve"]
    options = {p.name: p for p in command.params if p.name not in ("help",)}
    assert set(options) == set(Settings.serve_options()) == set(OPTION_VALUES)
    for field, option in Settings.serve_options().items():
        assert options[field].opts == [option]
        assert options[field].envvar == Settings.env_name(field)


def test_serve_help_shows_each_options_variable(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for field, option in Settings.serve_options().items():
        assert re.search(rf"{option}\b.*?env var: {Settings.env_name(field)}\b", out, re.S), option


def _option_argv(field, value):
    return [Settings.serve_options()[field], value]


def test_each_option_and_its_variable_give_the_same_settings(home, monkeypatch, served):
    values = dict(OPTION_VALUES, database_url=f"sqlite:///{home / 'x.db'}")
    argv = ["serve"]
    for field, value in values.items():
        argv += _option_argv(field, value)
    assert main(argv) == 0
    by_options = served.pop()
    for field, value in values.items():
        monkeypatch.setenv(Settings.env_name(field), value)
    assert main(["serve"]) == 0
    by_variables = served.pop()
    assert by_options.model_dump() == by_variables.model_dump()
    assert by_options.port == 8123 and by_options.seat_grace == 7.5 and by_options.bot_workers == 3
    assert [d.name for d in by_options.datasets] == ["rim-craters"]
    # and an option given on the command line wins over its variable
    assert main(["serve", "--port", "8124"]) == 0
    assert served.pop().port == 8124


def test_serve_without_options_serves_with_the_settings_defaults(home, served):
    assert main(["serve"]) == 0
    settings = served.pop()
    assert (settings.host, settings.port, settings.public_url) == ("127.0.0.1", 8000, "http://127.0.0.1:8000")
    assert settings.database_url == f"sqlite:///{home / 'lapilli.db'}"


@pytest.mark.parametrize("name, value", [("LAPILLI_SEND_QUEUE", "many"), ("LAPILLI_CREATE_RATE", "lots"),
                                         ("LAPILLI_PORT", "eighty"), ("LAPILLI_HEAVY_PROCESSES", "maybe"),
                                         ("LAPILLI_SEAT_GRACE", "-1"), ("LAPILLI_DATASETS", "isola-dei-vulcani=nowhere"),
                                         ("LAPILLI_TRUSTED_PROXIES", "*"), ("LAPILLI_TRUSTED_PROXIES", "proxy.local")])
def test_a_bad_variable_stops_serve_with_one_line_naming_it(home, monkeypatch, capsys, served, name, value):
    monkeypatch.setenv(name, value)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and name in lines[0] and "Traceback" not in err, err
    assert not served


def test_the_cli_uses_no_private_module_of_typer():
    package = pathlib.Path(importlib.import_module("lapilli.cli").__file__).parent
    for path in package.glob("*.py"):
        assert not re.search(r"typer\._|typer\s+import\s+_", path.read_text()), path


def test_an_empty_option_means_its_variable_or_the_default(home, monkeypatch, served):
    assert main(["serve", "--database", ""]) == 0
    assert served.pop().database_url == f"sqlite:///{home / 'lapilli.db'}"
    monkeypatch.setenv("LAPILLI_DATABASE_URL", f"sqlite:///{home / 'y.db'}")
    assert main(["serve", "--database", ""]) == 0
    assert served.pop().database_url == f"sqlite:///{home / 'y.db'}"
