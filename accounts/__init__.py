"""Players: registered users and guests who came through an invite link."""
