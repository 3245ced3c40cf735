from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_user_accept_challenges"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="is_program",
            field=models.BooleanField(default=False),
        ),
    ]
