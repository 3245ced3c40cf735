"""The ``<public:…>`` path converter: a match's public id (games.models.new_public_id).

Registered once, on import, for the HTTP routes (games/urls.py) and the socket's
(games/live/routing.py). Old integer links (``/m/<digits>/``) never match it: a public id always
holds a letter.
"""

from django.urls import register_converter

from games.models import PUBLIC_ID_LENGTH


class PublicIdConverter:
    regex = f"[A-Za-z0-9]{{{PUBLIC_ID_LENGTH}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PublicIdConverter, "public")
