from django.urls import path

from api import pages, views

urlpatterns = [
    path("account", views.account, name="api_account"),
    path("bot/account/upgrade", views.account_upgrade, name="api_upgrade"),
    path("user/<str:username>", views.user, name="api_user"),
    path("user/<str:username>/rating-history", views.rating_history, name="api_rating_history"),
    path("games/user/<str:username>", views.user_games, name="api_user_games"),
    path("stream/event", views.event_stream, name="api_event_stream"),
    path("bot/game/stream/<str:public_id>", views.game_stream, name="api_game_stream"),
    path("bot/game/<str:public_id>/move/<str:code>", views.move, name="api_move"),
    path("bot/game/<str:public_id>/resign", views.resign, name="api_resign"),
    path("bot/game/<str:public_id>/claim-victory", views.claim_victory, name="api_claim"),
    path("bot/game/<str:public_id>/chat", views.chat, name="api_chat"),
    # The profile page's token section (a session, not a token, proves who asks).
    path("tokens/new", pages.token_new, name="api_token_new"),
    path("tokens/<int:token_id>/revoke", pages.token_remove, name="api_token_revoke"),
    path("tokens/hints", pages.hints_setting, name="api_hints_setting"),
]
