from django.urls import path

from ladder import views

app_name = "ladder"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.page, name="page"),
    path("<slug:slug>/join", views.join, name="join"),
    path("<slug:slug>/leave", views.leave, name="leave"),
]
