from django.urls import path

from lessons import views

app_name = "lessons"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.lesson, name="lesson"),
    path("<slug:slug>/move/", views.move, name="move"),
    path("<slug:slug>/step/<int:index>/", views.step, name="step"),
]
