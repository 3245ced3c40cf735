from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views
from accounts.forms import ThrottledLoginForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("guest/", views.guest, name="guest"),
    path("rejoin/<str:key>/", views.rejoin, name="rejoin"),
    path("account/", views.make_account, name="make_account"),
    path("settings/", views.email_settings, name="email_settings"),
    path("settings/verify/", views.email_verify_resend, name="email_verify_resend"),
    path("verify/<str:token>/", views.email_verify, name="verify_email"),
    path("u/<str:username>/", views.profile, name="profile"),
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="accounts/login.html", authentication_form=ThrottledLoginForm
        ),
        name="login",
    ),
    path("logout/", views.LogoutView.as_view(), name="logout"),
]
