"""``manage.py run_analysis``: the analysis lane's consumer (config/lanes.py), with
``run_huey``'s options; its processes (ANALYSIS_HUEY's ``consumer``, ANALYSIS_WORKERS) take
analysis slices only, never the play lane's work."""

from __future__ import annotations

import logging

from django.conf import settings
from django.utils.module_loading import autodiscover_modules
from huey.consumer_options import ConsumerConfig
from huey.contrib.djhuey.management.commands.run_huey import Command as RunHuey


class Command(RunHuey):
    help = "Run the analysis lane's consumer"

    def handle(self, *args, **options):
        from config.lanes import ANALYSIS

        consumer_options = dict(settings.ANALYSIS_HUEY.get("consumer", {}))
        consumer_options.update(
            {k: v for k, v in options.items() if v is not None and k in ConsumerConfig._fields}
        )
        if not options.get("disable_autoload"):
            autodiscover_modules("tasks")
        config = ConsumerConfig(**consumer_options)
        config.validate()
        logger = logging.getLogger("huey")
        if not logger.handlers:
            config.setup_logger(logger)
        ANALYSIS.create_consumer(**config.values).run()
