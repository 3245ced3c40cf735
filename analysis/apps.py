from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"

    def ready(self):
        """Connects the analysis's reactions (analysis/reactions.py) to what its services
        announce (analysis/events.py): a request queues the worker's task, each position
        stored tells the match's sockets. Plugs the analysis into the replay page, the
        finished match's own page, the match socket and the records (games.features), which games renders without
        importing this app."""
        from analysis import events, pages, reactions, socket
        from games import features

        events.analysis_requested.connect(reactions.on_requested, dispatch_uid="analysis-queue")
        events.analysis_progressed.connect(reactions.on_progressed, dispatch_uid="analysis-push")
        if socket.PART not in features.socket_parts:
            features.socket_parts.append(socket.PART)
            features.replay_context.append(pages.replay_parts)
            features.finished_panels.append(pages.match_panel)
            features.record_context.append(pages.record_analysis)
            features.record_related.append("analysis")
