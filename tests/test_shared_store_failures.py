"""A shared game whose store refuses a write (busy, locked): nothing stays stuck."""
from __future__ import annotations

from core.setup import Seat, SeatKind, Setup
from core.store import SqliteStore, StoreError
from tests.conftest import quiet_choice
from tests.tui_helpers import QueuedIo
from tui.controller import Controller
from tui.drivers import Hold
from tui.messages import Choose, JoinSharedGame, RecordTable
from tui.terminal import Terminal

SEATS = (Seat("Ana", ("spain",)), Seat("random computer", ("ottoman", "england", "empire", "protestant", "france"), SeatKind.COMPUTER, "random"))


def _joined(tmp_path, data):
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=1, seats=SEATS))
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    controller.handle(JoinSharedGame(1, "Ana"))
    io.run()
    return controller, io, posted


def test_after_a_busy_store_the_computers_of_a_shared_game_decide_again(tmp_path, data, monkeypatch):
    controller, io, posted = _joined(tmp_path, data)
    real = SqliteStore.append
    failed = []

    def busy_once(self, game_id, number, actor, choice, player, takebacks_seen=None):
        if actor != "spain" and not failed:
            failed.append(number)
            raise StoreError("the store is busy (database is locked)")
        return real(self, game_id, number, actor, choice, player, takebacks_seen)

    monkeypatch.setattr(SqliteStore, "append", busy_once)
    for _ in range(30):
        if failed:
            break
        view = controller.on_screen().view
        if view.decision is not None:
            controller.handle(Choose(quiet_choice(view.decision)))
        io.run()
    assert failed
    for _ in range(20):  # Ana plays on; the computer whose write failed decides again
        view = controller.on_screen().view
        if view.decision is not None:
            controller.handle(Choose(quiet_choice(view.decision)))
        controller.driver.tick()
        io.run()
    store_actions = SqliteStore.in_folder(tmp_path, data).actions(1)
    assert len(store_actions) > failed[0] and len(controller.session.actions) == len(store_actions)


def test_a_refused_store_write_leaves_no_choice_being_recorded(tmp_path, data, monkeypatch):
    controller, io, posted = _joined(tmp_path, data)
    for _ in range(30):
        if controller.on_screen().view.decision is not None:
            break
        io.run()
    decision = controller.on_screen().view.decision
    assert decision is not None
    monkeypatch.setattr(SqliteStore, "append", lambda *a: (_ for _ in ()).throw(StoreError("the store is busy")))
    controller.handle(Choose(quiet_choice(decision)))
    controller.on_screen()  # the board shows 'being recorded' (BoardChanged is handled before the worker ends)
    io.run()
    assert controller.driver.hold() is Hold.NONE  # the driver knows it is over
    posted.clear()
    controller.handle(RecordTable())
    texts = [getattr(m, "text", "") for m in posted]
    assert not any("being recorded" in t for t in texts), texts
