from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"

    def ready(self):
        """Connects the chat's reaction (chat/reactions.py) to what the chat service announces
        (chat/events.py): a line said goes to the sockets of its room's channel-layer group.
        Plugs the chat into the match socket (chat/socket.py) and into the match and replay
        pages (games.features), which the games app renders without importing the chat."""
        from chat import events, reactions, rendering, socket
        from games import features

        events.chat_line_said.connect(reactions.on_line_said, dispatch_uid="chat-push")
        if socket.PART not in features.socket_parts:
            features.socket_parts.append(socket.PART)
            features.page_context["match"].append(rendering.match_page)
            features.page_context["replay"].append(rendering.replay_page)
