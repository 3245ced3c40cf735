import datetime

from django.db import migrations, models

# Rows from before this migration count as long expired: the next renewal deletes them.
LONG_AGO = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)


class Migration(migrations.Migration):
    dependencies = [("games", "0003_clocks")]

    operations = [
        migrations.AddField(
            model_name="match", name="private", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="match",
            name="record_digest",
            field=models.CharField(blank=True, max_length=64, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="presence",
            name="viewer",
            field=models.CharField(db_index=True, default="", max_length=80),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="presence",
            name="address",
            field=models.CharField(db_index=True, default="", max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="presence",
            name="server",
            field=models.CharField(db_index=True, default="", max_length=32),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="presence",
            name="seen_at",
            field=models.DateTimeField(db_index=True, default=LONG_AGO),
            preserve_default=False,
        ),
    ]
