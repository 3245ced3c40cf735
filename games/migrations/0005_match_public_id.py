"""Matches get an unguessable public id for their URLs; existing rows get one each."""

from django.db import migrations, models

import games.models


def fill_public_ids(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    taken = set()
    for match in Match.objects.only("pk").iterator():
        public_id = games.models.new_public_id()
        while public_id in taken:
            public_id = games.models.new_public_id()
        taken.add(public_id)
        Match.objects.filter(pk=match.pk).update(public_id=public_id)


class Migration(migrations.Migration):
    dependencies = [("games", "0004_private_imports_presence")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="public_id",
            field=models.CharField(editable=False, max_length=8, null=True),
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="public_id",
            field=models.CharField(
                default=games.models.new_public_id, editable=False, max_length=8, unique=True
            ),
        ),
    ]
