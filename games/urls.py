from django.urls import path

from games import replay_views, views

app_name = "games"
urlpatterns = [
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/move/", views.move_post, name="move"),
    path("<int:match_id>/resign/", views.resign, name="resign"),
    path("<int:match_id>/join/", views.join_open, name="join_open"),
    path("<int:match_id>/rematch/", views.rematch, name="rematch"),
    path("<int:match_id>/cancel/", views.cancel, name="cancel"),
    path("<int:match_id>/computer/", views.seat_bot, name="seat_bot"),
    path("<int:match_id>/presence/", views.presence_poll, name="presence"),
    path("join/<str:invite>/", views.join, name="join"),
    path("<int:match_id>/replay/", replay_views.replay, name="replay"),
    path("<int:match_id>/record.json", replay_views.export, name="export"),
    path("import/", replay_views.import_record, name="import"),
]
