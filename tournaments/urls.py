from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_new, name="new"),
    path("t/<str:public_id>/", views.tournament_detail, name="detail"),
    path("t/<str:public_id>/join/", views.join, name="join"),
    path("t/<str:public_id>/withdraw/", views.withdraw, name="withdraw"),
    path("t/<str:public_id>/pause/", views.pause, name="pause"),
    path("t/<str:public_id>/start/", views.start_now, name="start"),
]
