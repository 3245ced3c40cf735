from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.club_list, name="list"),
    path("clubs/new/", views.club_new, name="new"),
    path("clubs/<slug:slug>/", views.club_detail, name="detail"),
    path("clubs/<slug:slug>/join/", views.join, name="join"),
    path("clubs/<slug:slug>/leave/", views.leave, name="leave"),
    path("clubs/<slug:slug>/requests/<str:username>/accept/", views.accept, name="accept"),
    path("clubs/<slug:slug>/requests/<str:username>/decline/", views.decline, name="decline"),
]
