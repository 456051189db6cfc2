"""`lapilli serve`: the web table. Its options are the fields of ``Settings`` marked as serve
options, built from those fields (type, lower bound, help, environment variable), so that every
option is also its LAPILLI_* variable and both reach ``Settings`` the same way."""
from __future__ import annotations

import inspect
import logging
from typing import Optional

import annotated_types
import typer
from pydantic import ValidationError
from rich.markup import escape

from ..server.config import Settings, explain_settings_error
from .common import _examples, console, err

commands = typer.Typer()


def _raise_descriptor_limit() -> str:
    """Raise this process's soft limit of open files to its hard limit (every WebSocket holds
    one; the usual soft limit of 1,024 is soon reached by a crowd), and say what it is."""
    try:
        import resource
    except ImportError:  # not on this system
        return "open files: the system's limit"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            return f"open files: at most {want} (raised from {soft})"
        except (ValueError, OSError) as e:
            return f"open files: at most {soft} (not raised to {want}: {e})"
    return f"open files: at most {'unlimited' if soft == resource.RLIM_INFINITY else soft}"


def _option_type(field: str):
    """The command-line type of a field: its own, without Optional; a list takes strings."""
    kind = Settings.model_fields[field].annotation
    args = [a for a in getattr(kind, "__args__", ()) if a is not type(None)]
    if getattr(kind, "__origin__", None) is list or kind is list:
        return list[str]
    return args[0] if args and kind not in (int, float, str) else kind


def _serve_parameters() -> list[inspect.Parameter]:
    """One keyword parameter per serve option of ``Settings``: a Typer option with the field's
    type, bounds, description, default (shown by --help; a default made at start-up, such as the
    database's, is left to Settings) and environment variable."""
    params = [inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)]
    for field, option in Settings.serve_options().items():
        info = Settings.model_fields[field]
        low = next((m.ge for m in info.metadata if isinstance(m, annotated_types.Ge)), None)
        high = next((m.le for m in info.metadata if isinstance(m, annotated_types.Le)), None)
        kind = _option_type(field)
        extra = {"min": low, "max": high} if kind in (int, float) and (low is not None or high is not None) else {}
        default = info.default if info.default_factory is None and info.default is not None else None
        params.append(inspect.Parameter(
            field, inspect.Parameter.KEYWORD_ONLY, annotation=Optional[kind],
            default=typer.Option(default if kind is not list[str] else None, option, envvar=Settings.env_name(field),
                                 show_envvar=True, help=info.description, **extra)))
    return params


def serve(ctx: typer.Context, **options) -> None:
    """Run the web table: play in the browser with friends and computer opponents."""
    settings = settings_from_options(ctx, options)
    for ds in settings.datasets:
        console.print(f"data set {ds.name!r} of {ds.game} ({ds.hash[:12]})")
    if settings.smtp_url:
        from ..server.notices import Mailer

        try:
            Mailer(settings.smtp_url, settings.mail_from, settings.public_url)
        except ValueError as e:
            raise typer.BadParameter(str(e), param_hint="--smtp") from None
    _check_database(settings)
    console.print(f"Lapilli web table on http://{settings.host}:{settings.port}/  (database: {settings.database_url}; "
                  f"{settings.bot_workers} bot workers; seat grace {settings.seat_grace:g} s)")
    console.print(f"{_raise_descriptor_limit()}; at most {settings.max_sockets_per_address} WebSockets per client "
                  "address (LAPILLI_MAX_SOCKETS_PER_ADDRESS)", markup=False)
    if settings.proxies():
        console.print(f"client addresses: as forwarded by {', '.join(settings.proxies())} (X-Forwarded-For), "
                      "else as connected", markup=False)
    _run(settings)


serve.__signature__ = inspect.Signature(_serve_parameters())
commands.command(epilog=_examples('lapilli serve', 'lapilli serve --port 8080 --database postgresql+psycopg://user@127.0.0.1/'
                                  'lapilli --redis redis://127.0.0.1:6379/0'))(serve)


def settings_from_options(ctx: typer.Context, options: dict) -> Settings:
    """The server's Settings: the options given on the command line, the environment for the rest
    (an option left out, or given empty, is read from its variable by Settings itself, as every
    other field; an empty variable means the default). A bad value stops here with one line naming
    the option or the variable it came from."""
    serve_options = Settings.serve_options()
    given = {name: value for name, value in options.items()
             if value not in (None, "") and ctx.get_parameter_source(name).name == "COMMANDLINE"}
    try:
        return Settings(**given)
    except ValidationError as e:
        _cannot_start("cannot start: " + explain_settings_error(e, {n: serve_options[n] for n in given}))
    except OSError as e:  # the default database's directory (LAPILLI_HOME) cannot be made
        _cannot_start(f"cannot create the directory {e.filename} for the database: {e.strerror or e}")


def _run(settings: Settings) -> None:
    """Serve until stopped."""
    import uvicorn

    from ..server.app import create_app
    from ..server.collector import tune_collector
    from ..server.frames import uvicorn_options

    # uvicorn alone would believe X-Forwarded-For from 127.0.0.1 (FORWARDED_ALLOW_IPS): any local
    # client could claim any address; it is believed from the trusted proxies only, or not at all
    proxies = settings.proxies()
    app = create_app(settings)
    tune_collector()  # a thousand tables' objects, walked rarely (server/collector.py)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="warning",
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None, **uvicorn_options(settings))




def _cannot_start(message: str) -> None:
    """A start-up problem of the server: one line on stderr, exit code 2."""
    err.print(f"[red]error:[/red] lapilli serve {escape(message)}", soft_wrap=True)
    raise SystemExit(2)


def _check_database(settings) -> None:
    """Before serving: the database opens, its schema is brought up to date and it takes a write
    (a read-only or immutable file, an unwritable directory, a full disk, failing migrations or a
    database that does not answer stop here, with one line that names the cause)."""
    from sqlalchemy import make_url

    from ..server.store import Store, explain

    try:
        where = make_url(settings.database_url).render_as_string(hide_password=True)
    except Exception:
        _cannot_start(f"cannot use the database URL {settings.database_url!r}: not a database URL")
    quiet = logging.getLogger("lapilli.server")
    quiet.disabled = True  # the store's own log line of the failure: the one line below says it
    try:
        store = Store(settings.database_url)
        try:
            store.write_probe(settings.instance)
        finally:
            store.engine.dispose()
    except Exception as e:
        _cannot_start(f"cannot use the database {where}: {explain(e, settings.database_url)[1]}")
    finally:
        quiet.disabled = False