"""Long work runs without the GIL and stops at Ctrl-C: KeyboardInterrupt
within a second of the interrupt, and the program answers again after."""

import _thread
import threading
import time

import pytest

import gamelang
from conftest import ROOT

# Domineering 5 x 6: about ten seconds of search here (docs/PERFORMANCE.md).
LONG = 'domineering at "......|......|......|......|......"'


def interrupt_after(seconds, sent):
    def send():
        time.sleep(seconds)
        sent.append(time.perf_counter())
        _thread.interrupt_main()

    threading.Thread(target=send, daemon=True).start()


def test_an_interrupt_stops_a_long_search():
    prog = gamelang.load(ROOT / "games" / "domineering.game", timeout=0)
    sent = []
    interrupt_after(0.5, sent)
    with pytest.raises(KeyboardInterrupt):
        prog.analyze(LONG)
    stopped = time.perf_counter()
    assert sent, "the search ended before the interrupt was sent"
    assert stopped - sent[0] < 1.0
    assert prog.analyze('domineering at "...|...|..."').value == "+-1"


def test_other_threads_run_while_a_search_does():
    prog = gamelang.load(ROOT / "games" / "domineering.game", timeout=0)
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)

    threading.Thread(target=count, daemon=True).start()
    sent = []
    interrupt_after(0.5, sent)
    with pytest.raises(KeyboardInterrupt):
        prog.analyze(LONG)
    done.set()
    # The other thread ran about 50 times in half a second: the GIL was free.
    assert len(ticks) > 10


def test_an_interrupt_stops_a_long_table():
    prog = gamelang.load(ROOT / "games" / "grundy.game", timeout=0, max_positions=10**9)
    sent = []
    interrupt_after(0.5, sent)
    with pytest.raises(KeyboardInterrupt):
        # Grundy's game to 10^8: minutes of work (docs/PERFORMANCE.md).
        prog.table(upto=10**8)
    assert time.perf_counter() - sent[0] < 1.0


def test_one_question_at_a_time():
    prog = gamelang.load(ROOT / "games" / "domineering.game", timeout=0)
    failed = []

    def other():
        time.sleep(0.3)
        try:
            prog.analyze('domineering at ".."')
        except RuntimeError as e:
            failed.append(str(e))

    threading.Thread(target=other).start()
    sent = []
    interrupt_after(1.0, sent)
    with pytest.raises(KeyboardInterrupt):
        prog.analyze(LONG)
    time.sleep(0.1)
    assert failed and "another thread" in failed[0]
