"""Settings for a server under test that counts its board renders: the site's own settings
plus an app whose ``ready`` wraps ``games.live.rendering.board_page_context`` (every board, whole
or a move-list update, is built from one), appending a byte to ``RENDER_COUNT_FILE`` per
render."""

import os

from django.apps import AppConfig

from config.settings import *  # noqa: F403 (the site's settings, as served)
from config.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.web.render_counter.RenderCounter"]


class RenderCounter(AppConfig):
    name = "tests.web.render_counter"
    label = "render_counter"

    def ready(self):
        from games.live import rendering

        context, path = rendering.board_page_context, os.environ["RENDER_COUNT_FILE"]

        def counted(*args, **kwargs):
            with open(path, "a") as count:
                count.write(".")
            return context(*args, **kwargs)

        rendering.board_page_context = counted
