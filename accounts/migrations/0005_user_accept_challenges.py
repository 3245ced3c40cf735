from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_user_verified_email"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="accept_challenges",
            field=models.BooleanField(default=True),
        ),
    ]
