from django.urls import path

from games import (
    converters,  # noqa: F401  (registers <public:…>)
    replay_views,
    views,
)

app_name = "games"
urlpatterns = [
    path("<public:public_id>/", views.match_page, name="match"),
    path("<public:public_id>/move/", views.move_post, name="move"),
    path("<public:public_id>/resign/", views.resign, name="resign"),
    path("<public:public_id>/join/", views.join_open, name="join_open"),
    path("<public:public_id>/rematch/", views.rematch, name="rematch"),
    path("<public:public_id>/rematch/decline/", views.rematch_decline, name="rematch_decline"),
    path("<public:public_id>/cancel/", views.cancel, name="cancel"),
    path("<public:public_id>/computer/", views.seat_bot, name="seat_bot"),
    path("<public:public_id>/presence/", views.presence_poll, name="presence"),
    path("join/<str:invite>/", views.join, name="join"),
    path("<public:public_id>/replay/", replay_views.replay, name="replay"),
    path("<public:public_id>/record.json", replay_views.export, name="export"),
    path("import/", replay_views.import_record, name="import"),
    # Links from before public ids: open matches redirect, private ones are not found.
    path("<int:match_id>/", views.old_link),
    path("<int:match_id>/<path:rest>", views.old_link),
]
