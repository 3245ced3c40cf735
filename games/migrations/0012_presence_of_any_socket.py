"""A viewer row for every socket the table opens (games.presence): a tournament page's has no
match, so the caps per session and per address count every socket alike (issue #55 item 4)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_move_hint"),
    ]

    operations = [
        migrations.AlterField(
            model_name="presence",
            name="match",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="presences",
                to="games.match",
            ),
        ),
    ]
