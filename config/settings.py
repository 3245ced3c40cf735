"""Settings: SQLite and the in-memory channel layer by default; PostgreSQL and Redis by env.

The defaults are safe to expose to friends: DEBUG is off unless DEBUG=1 (a traceback can print a
state with secrets), and the secret key is generated once and kept in VAR_DIR.

Environment variables (all optional on a laptop):
- DATABASE_URL: e.g. postgres://user@127.0.0.1:5432/gametable (default: SQLite in var/).
- REDIS_URL: e.g. redis://127.0.0.1:6379/0 selects channels_redis and a Redis cache for the
  rate limits (default: in-memory layer and cache).
- REDIS_PREFIX: the site's name on that Redis (default "gametable"): its rate-limit counters,
  notices and fragments carry it, so sites sharing a Redis database never mix them.
- SECRET_KEY, DEBUG ("1"/"0"), ALLOWED_HOSTS (comma separated), CSRF_TRUSTED_ORIGINS.
- STATIC_ROOT: where collectstatic writes and WhiteNoise serves from (default: VAR_DIR/staticfiles).
"""

import os
import secrets
from importlib import import_module
from pathlib import Path

import dj_database_url

from config.layers import redis_layer
from games.packages import PACKAGES

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(exist_ok=True)


def _kept_secret_key(path: Path) -> str:
    """The key in ``path``, written there (readable by this user only) on the first run."""
    key = secrets.token_urlsafe(50)
    try:
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(key)
    except FileExistsError:  # kept from an earlier run (or another process was first)
        return path.read_text().strip()
    return key


DEBUG = os.environ.get("DEBUG", "0") == "1"
SECRET_KEY = os.environ.get("SECRET_KEY") or _kept_secret_key(VAR_DIR / "secret_key")
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "huey.contrib.djhuey",
    "accounts",
    "games",
    "lobby",
    "ratings",
    "api",
    "challenges",
    "chat",
    "tournaments",
    "analysis",
    "ladder",
    "clubs",
    "lessons",
]

MIDDLEWARE = [
    "config.security.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.sessions.SessionMiddleware",
    # The viewer's language: their choice (cookie), else their browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A member's language (their profile) goes before the browser's (config.language).
    "config.language.MemberLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby:home"
LOGOUT_REDIRECT_URL = "lobby:home"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The live board fragments only, rendered on every move (config/jinja.py says why).
        "NAME": "jinja2",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "config.jinja.environment"},
    },
]

if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=60, conn_health_checks=True
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            "CONN_MAX_AGE": 60,
            # IMMEDIATE takes the write lock when a transaction starts, so concurrent move
            # submissions queue instead of failing with "database is locked".
            # WAL lets pages read while a move is written, and with synchronous=NORMAL a commit
            # does not wait for the disk: a crash of the server loses nothing, a power cut may
            # lose the last moments (the PostgreSQL path syncs every commit).
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file (threads in tests share it), one per test process so parallel runs never collide.
            "TEST": {"NAME": VAR_DIR / f"test-{os.getpid()}.sqlite3"},
        }
    }

REDIS_PREFIX = os.environ.get("REDIS_PREFIX", "gametable")
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": redis_layer(os.environ["REDIS_URL"], REDIS_PREFIX)
    }  # pub/sub, see there
    # Rate-limit counters shared by every Daphne process (config.throttle).
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": REDIS_PREFIX,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "config.layers.ThrottledInMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Board fragments rendered by one Daphne process are read by the others from here (games.live.fragments).
FRAGMENT_REDIS_URL = os.environ.get("REDIS_URL") or None
# Bytes of the match logs each web process keeps in memory (games.store.matchlog): a 200-ply
# High Voltage match's log takes about 350 KiB, so the default keeps about 180 such matches.
MATCH_LOG_BYTES = int(os.environ.get("MATCH_LOG_BYTES", str(64 * 2**20)))

# Background work outside the web server (bots thinking, clocks falling with nobody
# connected, emails): huey, with its queue in SQLite under var/ by default and in Redis on
# the scale path, where any number of `manage.py run_huey` processes share it. Tests run
# tasks inline (tests/conftest.py).
# Embedded default: how often a web process looks for positions the worker recorded.
WATCH_SECONDS = float(os.environ.get("WATCH_SECONDS", "0.5"))
# Tournaments: the pause between a real-time round's end and the next round (its countdown).
TOURNAMENT_ROUND_PAUSE_SECONDS = float(os.environ.get("TOURNAMENT_ROUND_PAUSE_SECONDS", "15"))

# How often a match page asks who of the players is here.
PRESENCE_POLL_SECONDS = int(os.environ.get("PRESENCE_POLL_SECONDS", "5"))

# Two lanes (docs/architecture.md, "Background work"), each a huey instance with a queue and
# consumer processes of its own, so no amount of analysis delays what people wait on:
# - the play lane, HUEY (`manage.py run_huey`, TASK_WORKERS processes): computer turns, flags,
#   first-move and absence deadlines, tournaments' and the ladder's steps, mails, sweeps;
# - the analysis lane, ANALYSIS_HUEY (`manage.py run_analysis`, ANALYSIS_WORKERS processes):
#   analyses in slices (analysis/tasks.py), in SQLite file var/analysis.sqlite3 or the same
#   Redis under its own queue name.
TASK_QUEUE = os.environ.get("TASK_QUEUE", "gametable")
HUEY = {
    "name": TASK_QUEUE,
    # Both storages order the queue by priority: a computer answering a person goes before
    # moves of matches people only watch (games.tasks).
    "huey_class": "huey.PriorityRedisHuey" if os.environ.get("REDIS_URL") else "huey.SqliteHuey",
    "immediate": False,
    "results": False,
    "utc": True,
    "connection": (
        {"url": os.environ["REDIS_URL"]}
        if os.environ.get("REDIS_URL")
        else {"filename": str(VAR_DIR / "tasks.sqlite3")}
    ),
    "consumer": {
        "workers": int(os.environ.get("TASK_WORKERS", "2")),
        "worker_type": "process",
        "periodic": True,
    },
}
ANALYSIS_HUEY = {
    **HUEY,
    "name": f"{TASK_QUEUE}.analysis",
    "huey_class": "huey.RedisHuey" if os.environ.get("REDIS_URL") else "huey.SqliteHuey",
    "connection": (
        {"url": os.environ["REDIS_URL"]}
        if os.environ.get("REDIS_URL")
        else {"filename": str(VAR_DIR / "analysis.sqlite3")}
    ),
    "consumer": {**HUEY["consumer"], "workers": int(os.environ.get("ANALYSIS_WORKERS", "2"))},
}

# Your-turn emails for correspondence matches: printed to the console unless SMTP is set.
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
# Seconds an SMTP connection may take: mail goes out from the worker (games.tasks), whose
# tasks retry, so a mail server that is down or slow delays mail, never a move.
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Game table <games@localhost>")


def _site_url() -> str:
    """The address mails link to: SITE_URL in production; else where `make run` serves, from
    the HOST and PORT it passes to both Daphne and the worker (a wildcard bind address is no
    address to link to, so the first allowed host stands in for it)."""
    if os.environ.get("SITE_URL"):
        return os.environ["SITE_URL"].rstrip("/")
    host = os.environ.get("HOST", "127.0.0.1")
    if host in ("", "0.0.0.0", "::"):
        named = [h for h in ALLOWED_HOSTS if h and h != "*" and not h.startswith(".")]
        host = named[0] if named else "127.0.0.1"
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"http://{host}:{os.environ.get('PORT', '8000')}"


SITE_URL = _site_url()

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The table in German and English (docs/languages.md, "Languages"): a visitor's browser chooses, the
# switch in the header overrides it (cookie), a member's choice is kept on their profile.
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
# The shared catalogue, then each game's own words in its package (<package>/locale/), found
# through the one list of games as its static folders are; on a msgid in two, the first listed
# wins, so the shared one does (docs/languages.md, "Languages").
LOCALE_PATHS = [
    BASE_DIR / "locale",
    *(
        folder
        for package in PACKAGES
        if (folder := Path(import_module(package).__file__).parent / "locale").is_dir()
    ),
]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Each game's board stylesheet and script sit in its package (<package>/static/), served as
# games/<slug>/...: the packages come from the one list of games (games.packages; the registry
# needs the apps loaded) and each slug from its pure engine (<package>/engine.py).
STATICFILES_DIRS = [
    BASE_DIR / "static",
    *(
        (f"games/{import_module(f'{package}.engine').ENGINE.slug}", folder)
        for package in PACKAGES
        if (folder := Path(import_module(package).__file__).parent / "static").is_dir()
    ),
]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or VAR_DIR / "staticfiles")
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Largest WebSocket frame a client may send; anything bigger is refused unread.
MAX_FRAME_BYTES = 4096
# Largest custom setup (JSON) a match's creator may give.
MAX_OPTIONS_BYTES = 4096
# Largest match record an import accepts, and largest HTTP request body of any kind: refused
# from its Content-Length (or as it streams in) before the body is read (config.limits).
MAX_RECORD_BYTES = 1_000_000
MAX_REQUEST_BYTES = MAX_RECORD_BYTES + 10_000
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = 100
# Frames one connection may send: a burst, then a steady rate. Every frame counts, refused
# ones too (malformed, oversized, binary); a refused frame gets a short error and no board.
FRAME_BURST = int(os.environ.get("FRAME_BURST", "10"))
FRAMES_PER_SECOND = float(os.environ.get("FRAMES_PER_SECOND", "4"))
# Open match sockets per browser session, then per client address (games.presence). The
# address cap only stops a flood: people behind one address (a household, a NAT) each have
# their session's own, and a seat's first page on its own match is never refused for it.
SOCKETS_PER_SESSION = int(os.environ.get("SOCKETS_PER_SESSION", "8"))
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "200"))
# A viewer row not confirmed by its process for this long is stale (a crash, a restart).
PRESENCE_SECONDS = float(os.environ.get("PRESENCE_SECONDS", "90"))
# In a match of computers only, each move waits this long after the one before, so people
# watching can follow it (an Easy game would otherwise be over in a second or two).
BOT_PACE_SECONDS = float(os.environ.get("BOT_PACE_SECONDS", "2"))
# Match chat (chat/services.py): lines one user may say per minute (every socket and the API
# together), and each socket's own budget: a burst, then a steady rate (games/live/consumers.py).
CHAT_LINES_PER_MINUTE = int(os.environ.get("CHAT_LINES_PER_MINUTE", "15"))
CHAT_SOCKET_BURST = int(os.environ.get("CHAT_SOCKET_BURST", "3"))
CHAT_SOCKET_PER_SECOND = float(os.environ.get("CHAT_SOCKET_PER_SECOND", "0.5"))
# Rematch offers (games/rematches.py): how long one waits for the others' answers, and how
# long after a decline the same match may be offered again.
REMATCH_OFFER_SECONDS = float(os.environ.get("REMATCH_OFFER_SECONDS", "60"))
REMATCH_RETRY_SECONDS = float(os.environ.get("REMATCH_RETRY_SECONDS", "10"))
# Computer work anyone may start (games.services): running matches of computers only (people
# watch them) per creator and on the whole site, and running matches in which one person
# plays the computer. A match over a limit is refused, saying which and what to do.
COMPUTER_MATCHES_PER_PERSON = int(os.environ.get("COMPUTER_MATCHES_PER_PERSON", "3"))
COMPUTER_MATCHES_TOTAL = int(os.environ.get("COMPUTER_MATCHES_TOTAL", "50"))
MATCHES_VS_COMPUTER_PER_PERSON = int(os.environ.get("MATCHES_VS_COMPUTER_PER_PERSON", "10"))
# Seats one person (not the table's computer) may take: matches waiting or running at once,
# and new matches (created or joined) per hour. Against farming a rating, and a site's rows.
RUNNING_MATCHES_PER_PERSON = int(os.environ.get("RUNNING_MATCHES_PER_PERSON", "50"))
NEW_MATCHES_PER_HOUR = int(os.environ.get("NEW_MATCHES_PER_HOUR", "60"))
# Accounts made (signed up, or a guest made a member) from one address per hour.
SIGNUPS_PER_ADDRESS_PER_HOUR = int(os.environ.get("SIGNUPS_PER_ADDRESS_PER_HOUR", "5"))
# HTTP moves (the fallback while a socket is down) per player and minute; failed logins per
# name and per address in LOGIN_WINDOW seconds (config.throttle).
MOVE_POSTS_PER_MINUTE = int(os.environ.get("MOVE_POSTS_PER_MINUTE", "60"))
LOGIN_FAILURES = int(os.environ.get("LOGIN_FAILURES", "5"))
LOGIN_WINDOW = int(os.environ.get("LOGIN_WINDOW", "300"))
# The API (docs/api.md): open NDJSON streams per token and per client address, requests per
# token and per address in a minute (streams count as requests too; over: 429), and how often
# a stream sends an empty line to stay open.
API_STREAMS_PER_TOKEN = int(os.environ.get("API_STREAMS_PER_TOKEN", "20"))
API_STREAMS_PER_ADDRESS = int(os.environ.get("API_STREAMS_PER_ADDRESS", "200"))
API_REQUESTS_PER_MINUTE = int(os.environ.get("API_REQUESTS_PER_MINUTE", "600"))
API_REQUESTS_PER_ADDRESS = int(os.environ.get("API_REQUESTS_PER_ADDRESS", "1200"))
API_KEEPALIVE_SECONDS = float(os.environ.get("API_KEEPALIVE_SECONDS", "6"))
# Bytes the server holds for one WebSocket that its peer has not taken; past it the socket is
# closed (4008) and its page opens it again (config/serve.py). Above the largest push (about
# 190 KiB, sent whole without compression), far below what 40 sockets that never read held
# at 2 MiB each (issue #55 item 7).
WEBSOCKET_OUTBOUND_BYTES = int(os.environ.get("WEBSOCKET_OUTBOUND_BYTES", str(256 * 2**10)))
# Bytes one HTTP response but an API stream (those have WEBSOCKET_OUTBOUND_BYTES) may hold
# unread before it is cut: far above any page, which Django sends in 64 KiB chunks faster
# than a browser takes them.
HTTP_OUTBOUND_BYTES = int(os.environ.get("HTTP_OUTBOUND_BYTES", str(2 * 2**20)))
# Record exports (GET /api/games/user/<name>) one address may ask for a minute without a token.
API_EXPORTS_PER_ADDRESS = int(os.environ.get("API_EXPORTS_PER_ADDRESS", "10"))
# Every this many quiet keep-alives a stream asks the database whether its token is still
# live: a revocation on another process of the embedded default (no Redis) reaches it only so.
# One made through its own process (or any, on Redis) ends it at once (api.tokens).
API_TOKEN_CHECK_EVERY = int(os.environ.get("API_TOKEN_CHECK_EVERY", "5"))
# Records one member may import per hour (refused ones count: each is replayed).
IMPORTS_PER_HOUR = int(os.environ.get("IMPORTS_PER_HOUR", "20"))
# Computer analysis of finished matches (docs/computer.md, "Computer analysis"): the search's budget per
# position as a multiple of Hard's iterations (never below 1 on a site), analyses one user may
# have under way at once and ask for in a day, analyses queued or running in all, and how long
# a running one may store nothing before the sweep takes its worker for lost.
ANALYSIS_BUDGET = float(os.environ.get("ANALYSIS_BUDGET", "1"))
ANALYSES_AT_ONCE = int(os.environ.get("ANALYSES_AT_ONCE", "2"))
ANALYSES_PER_DAY = int(os.environ.get("ANALYSES_PER_DAY", "20"))
ANALYSIS_QUEUE = int(os.environ.get("ANALYSIS_QUEUE", "20"))
ANALYSIS_LOST_SECONDS = int(os.environ.get("ANALYSIS_LOST_SECONDS", "120"))
# An analysis is done in slices (analysis/tasks.py): a task claims at most this many positions
# and stops after this many seconds, then the lane takes the next slice of whichever member
# was served least recently. Slices queued at once: the analysis workers the site runs in
# all, on every machine (ANALYSIS_WORKERS of one machine by default).
ANALYSIS_SLICE_POSITIONS = int(os.environ.get("ANALYSIS_SLICE_POSITIONS", "8"))
ANALYSIS_SLICE_SECONDS = float(os.environ.get("ANALYSIS_SLICE_SECONDS", "5"))
ANALYSIS_PARALLEL = int(
    os.environ.get("ANALYSIS_PARALLEL", str(ANALYSIS_HUEY["consumer"]["workers"]))
)
# After this many quiet seconds a live page asks whether it missed a notice (match.js).
SYNC_SECONDS = float(os.environ.get("SYNC_SECONDS", "20"))
# How often the lobby's and the watch page's lists refresh themselves while the tab is visible.
LOBBY_REFRESH_SECONDS = float(os.environ.get("LOBBY_REFRESH_SECONDS", "10"))
# How often a member's pages ask about challenges to and from them (challenges/), and how
# many challenges one member may send per hour.
CHALLENGE_POLL_SECONDS = float(os.environ.get("CHALLENGE_POLL_SECONDS", "3"))
CHALLENGES_PER_HOUR = int(os.environ.get("CHALLENGES_PER_HOUR", "30"))
# The programs' ladder (ladder/, docs/api.md "The ladder"): a round every few seconds; ladder
# matches a program plays a day and runs at once, ladder matches running at once per game,
# the share of those that may seat the table's computer (its CPU), an opponent drawn among
# the k nearest within a window of rating points (doubled until somebody is near); how often
# the ladder page refreshes.
LADDER_ROUND_SECONDS = float(os.environ.get("LADDER_ROUND_SECONDS", "10"))
LADDER_MATCHES_PER_DAY = int(os.environ.get("LADDER_MATCHES_PER_DAY", "48"))
LADDER_RUNNING_PER_PROGRAM = int(os.environ.get("LADDER_RUNNING_PER_PROGRAM", "2"))
LADDER_RUNNING_TOTAL = int(os.environ.get("LADDER_RUNNING_TOTAL", "20"))
LADDER_COMPUTER_SHARE = float(os.environ.get("LADDER_COMPUTER_SHARE", "0.25"))
LADDER_NEAREST = int(os.environ.get("LADDER_NEAREST", "3"))
LADDER_WINDOW = float(os.environ.get("LADDER_WINDOW", "150"))
LADDER_REFRESH_SECONDS = float(os.environ.get("LADDER_REFRESH_SECONDS", "5"))

# HTTPS=1 behind a proxy that terminates TLS: cookies only over HTTPS, and the proxy's
# X-Forwarded-Proto says which requests came in over HTTPS (HSTS, WebSocket origins).
if os.environ.get("HTTPS") == "1":
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Sent on HTTPS responses only (SecurityMiddleware), so a plain-HTTP laptop run is unaffected.
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "31536000"))
# No inline script anywhere; inline style attributes carry the seat colours of the boards.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'; object-src 'none'"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
