from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        """Connects the accounts' reactions (accounts/reactions.py) to the users' saves."""
        from django.db.models.signals import post_init, post_save

        from accounts import reactions
        from accounts.models import User

        post_init.connect(reactions.remember_identity, sender=User, dispatch_uid="identity")
        post_save.connect(
            reactions.recheck_sockets_when_identity_changes, sender=User, dispatch_uid="identity"
        )
