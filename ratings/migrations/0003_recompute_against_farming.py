"""The rules against farming a rating (docs/rules.md §7.6, ``ratings/farming.py``): every
rating is rebuilt with them, so no result they leave out stays in a rating, a history or a
chart (issue #55)."""

from django.db import migrations


def recompute(apps, schema_editor):
    from ratings import services  # the live rules: a rebuild is exactly what ``rate_match`` does

    services.recompute()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_presence_of_any_socket"),
        ("ratings", "0002_recompute_settling_and_private"),
    ]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
