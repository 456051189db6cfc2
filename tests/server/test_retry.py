"""The server's retry loops wait 0.1 s, then twice as long each time, up to ``retry_max_seconds``,
and stop when there is nothing left to retry for: a table re-read after a failed write stops
when the server closes, a computer's move stops when its seat went back to its person.  The pauses are
recorded (``asyncio.sleep`` is replaced), never timed."""
import asyncio
from types import SimpleNamespace

import pytest
from sqlalchemy.exc import DBAPIError

from lapilli.server.config import Settings
from lapilli.server.hub import Hub, Room, StorageUnavailable
from lapilli.server.store import SeatInfo, Store, TableInfo


class FakePubSub:
    url = None

    def announce(self, msg):
        pass

    async def publish(self, *args, **kwargs):
        pass


def down() -> DBAPIError:
    return DBAPIError("select", {}, ConnectionError("the database is not answering"))


@pytest.fixture
def pauses(monkeypatch):
    """Every pause asked of asyncio.sleep, in order (each yields to the loop and returns at once;
    a mere yield, sleep(0), is not a pause)."""
    asked, real = [], asyncio.sleep

    async def sleep(seconds, result=None):
        if seconds > 0:
            asked.append(round(seconds, 3))
        await real(0)
        return result

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return asked


class FlakyStore(Store):
    """Its reads of a table fail ``failures`` times, then answer."""

    def __init__(self, url, failures):
        super().__init__(url)
        self.failures = failures
        self.reads = 0
        self.on_read = lambda reads: None

    def get(self, tid):
        self.reads += 1
        self.on_read(self.reads)
        if self.reads <= self.failures:
            raise down()
        return super().get(tid)


_sleep = asyncio.sleep  # the real one, for the test's own waiting


async def _until(cond, what):
    for _ in range(2000):  # up to 10 s: the reads run in worker threads
        if cond():
            return
        await _sleep(0.005)
    raise AssertionError(f"never happened: {what}")


def test_a_table_is_re_read_with_a_growing_pause_until_the_database_answers(tmp_path, pauses):
    store = FlakyStore(f"sqlite:///{tmp_path / 's.db'}", failures=0)
    tid = store.create_table("nim", 2, {"pile": 21}, 1, [{"kind": "open"}, {"kind": "open"}])
    hub = Hub(store, bots=None, pubsub=FakePubSub(), settings=Settings(database_url="sqlite://", retry_max_seconds=0.5))
    room = Room(store.get(tid))
    hub.rooms[tid] = room

    async def run():
        store.failures, store.reads = 5, 0
        hub._heal(room)
        hub._heal(room)  # already healing: one loop per table
        await _until(lambda: not room.healing, "the table is re-read")

    asyncio.run(run())
    assert store.reads == 6
    assert pauses == [0.1, 0.2, 0.4, 0.5, 0.5, 0.5]  # doubling, capped at retry_max_seconds


def test_the_re_read_gives_up_when_the_server_closes(tmp_path, pauses):
    store = FlakyStore(f"sqlite:///{tmp_path / 's.db'}", failures=0)
    tid = store.create_table("nim", 2, {"pile": 21}, 1, [{"kind": "open"}, {"kind": "open"}])
    hub = Hub(store, bots=None, pubsub=FakePubSub(), settings=Settings(database_url="sqlite://", retry_max_seconds=5))
    room = Room(store.get(tid))

    async def run():
        store.failures, store.reads = 10 ** 6, 0
        store.on_read = lambda reads: reads == 3 and setattr(hub, "closing", True)  # closes during the 3rd read
        hub._heal(room)
        await _until(lambda: not room.healing, "the loop ends")
        return store.reads

    reads = asyncio.run(run())
    assert reads == 3 and pauses == [0.1, 0.2, 0.4]


class Bots:
    async def choose(self, *args, **kwargs):
        return SimpleNamespace(action="take 1")


def test_a_computer_move_is_retried_until_its_seat_goes_back_to_its_person(tmp_path, pauses):
    info = TableInfo("t1", "nim", 2, {"pile": 21}, 1, 0, "playing",
                     [SeatInfo(0, "bot", "", "random"), SeatInfo(1, "human", "bob", "")])
    hub = Hub(None, bots=Bots(), pubsub=FakePubSub(), settings=Settings(database_url="sqlite://", bot_pace=0,
                                                                         retry_max_seconds=0.3))
    room = Room(info)
    tries = []

    async def act(r, seat, action, by="human"):
        tries.append((seat, action, by))
        if len(tries) == 4:  # the person takes the seat back meanwhile
            r.info.seats[0] = SeatInfo(0, "human", "alice", "")
        raise StorageUnavailable("the database is not answering")

    hub.act = act

    async def run():
        hub.schedule_bot(room)
        await _until(lambda: not room.thinking, "the computer stops trying")

    asyncio.run(run())
    assert tries == [(0, "take 1", "bot")] * 4  # never tried again once the seat is hers
    assert pauses == [0.1, 0.2, 0.3, 0.3]


class FakeListener:
    """Redis as the listener sees it: each subscription fails or holds, in the order given; the
    last one holds until the listener is stopped."""

    def __init__(self, outcomes):
        self.outcomes = list(outcomes)
        self.subscribed = asyncio.Event()

    def pubsub(self):
        listener = self

        class Subscription:
            async def subscribe(self, *channels):
                if not listener.outcomes.pop(0):
                    raise ConnectionError("Redis is not answering")

            async def listen(self):
                if not listener.outcomes:
                    listener.subscribed.set()
                    await asyncio.Event().wait()
                return
                yield

            async def aclose(self):
                pass

        return Subscription()


def test_the_pubsub_listener_backs_off_and_starts_again_once_a_subscription_held(pauses):
    from lapilli.server.pubsub import PubSub

    pubsub = PubSub("redis://127.0.0.1:1", "A", retry_max=0.3)
    pubsub._listener = FakeListener([False, False, False, True, False, False, True])
    reconnects = []

    async def on_reconnect():
        reconnects.append(pubsub.down_since)

    async def run():
        task = asyncio.create_task(pubsub._listen(None, on_reconnect, None))
        await asyncio.wait_for(pubsub._listener.subscribed.wait(), 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    # three failures, a subscription that held (its end starts the pauses again), two failures
    assert pauses == [0.1, 0.2, 0.3, 0.1, 0.2, 0.3]
    assert len(reconnects) == 2 and pubsub.connected.is_set()
