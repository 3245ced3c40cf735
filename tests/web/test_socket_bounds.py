"""The two bounds on what one socket's frames make the server hold (config/serve.py), each
on its own: the token bucket with the consumer keeping up (an empty queue), and the queue to
the consumer with the bucket always full (a clock that leaps). In a real flood both trip at
once (tests/web/test_socket_flood.py), so there each one hides the other's removal."""

from config.serve import BoundedWebSocketProtocol

BURST, RATE = 50, 20.0


class Queue:
    def __init__(self):
        self.size = 0

    def qsize(self) -> int:
        return self.size


class Socket(BoundedWebSocketProtocol):
    """The protocol's bookkeeping without a connection: what it would close is recorded."""

    def __init__(self, clock):
        self.burst, self.rate, self.clock = BURST, RATE, clock
        self.application_queue, self.client_addr, self.closed = Queue(), ("test", 0), []
        self.tokens, self.stamp = float(BURST), clock()

    def sendClose(self, code=None, reason=None):
        self.closed.append((code, reason))


class Clock:
    def __init__(self, step: float = 0.0):
        self.now, self.step = 1000.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_bucket_alone_closes_a_socket_whose_consumer_keeps_up():
    clock = Clock()
    socket = Socket(clock)
    assert all(socket.within_budget() for _ in range(BURST))  # the burst: the queue stays empty
    assert not socket.closed
    assert not socket.within_budget()
    assert socket.closed == [(4429, "too many messages")]
    clock.now += 10  # refilled, but a closed socket's frames are dropped unread
    assert not socket.within_budget() and len(socket.closed) == 1


def test_the_bucket_refills_at_its_rate():
    clock = Clock()
    socket = Socket(clock)
    for _ in range(BURST):
        socket.within_budget()
    clock.now += 1.5 / RATE  # one and a half frames' worth: one more, not two
    assert socket.within_budget()
    assert not socket.within_budget() and socket.closed


def test_the_queue_alone_closes_a_socket_whose_consumer_falls_behind():
    socket = Socket(Clock(step=1.0))  # a second between frames: the bucket is always full
    for waiting in range(BURST):
        socket.application_queue.size = waiting
        assert socket.within_budget(), waiting
    socket.application_queue.size = BURST
    assert not socket.within_budget()
    assert socket.closed == [(4429, "too many messages")]
