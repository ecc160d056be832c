"""Processes the tests start: each in its own process group with Ctrl-C's default meaning
restored (a suite run with SIGINT ignored would otherwise hand that on, and a child told to
stop by SIGINT would never stop), and always ended -- the whole group -- when the test is
done, passed or failed."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator


def _own_group() -> None:
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def started(args: list[str], **kwargs) -> Iterator[subprocess.Popen]:
    proc = subprocess.Popen(args, preexec_fn=_own_group, **kwargs)
    marker = os.environ.get("DICE_HARBOR_CHILD_PIDS")  # (the test of this very helper)
    if marker:
        with open(marker, "a") as f:
            f.write(f"{proc.pid}\n")
    try:
        yield proc
    finally:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
