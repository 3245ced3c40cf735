from django.urls import path

from ladder import api

urlpatterns = [
    path("<str:game>/join", api.join, name="api_ladder_join"),
    path("<str:game>/leave", api.leave, name="api_ladder_leave"),
]
