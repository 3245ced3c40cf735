"""Private matches are never rated, and the model's parameters changed (docs/rules.md §7.6):
private matches become casual, and every rating is rebuilt from the matches still rated, so
no private result stays in anybody's rating, history or chart."""

from django.db import migrations


def recompute(apps, schema_editor):
    from ratings import services  # the live rules: a rebuild is exactly what ``rate_match`` does

    apps.get_model("games", "Match").objects.filter(private=True, rated=True).update(rated=False)
    services.recompute()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_rematch_offer"),
        ("ratings", "0001_initial"),
    ]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
