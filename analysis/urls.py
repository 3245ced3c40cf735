from django.urls import path

from analysis import views

app_name = "analysis"

urlpatterns = [
    path("m/<str:public_id>/analyse/", views.request_analysis, name="request"),
    path("api/game/<str:public_id>/analysis", views.progress, name="progress"),
]
