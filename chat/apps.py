from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"

    def ready(self):
        """Connects the reaction to what the chat service announces (chat/events.py): a line
        said goes to the sockets of its room's channel-layer group."""
        from chat import events, push

        events.chat_line_said.connect(push.on_line_said, dispatch_uid="chat-push")
