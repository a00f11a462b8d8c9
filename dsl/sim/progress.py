"""The progress bar of long runs: on stderr, only when stderr is a terminal (never in a pipe, a
log file or a test), with matches done, matches per second and the time left."""

from __future__ import annotations

from collections.abc import Callable


class progress_bar:
    """A transient rich progress bar on stderr, yielding an `advance(n)` callable."""

    def __init__(self, total: int, enabled: bool, already: int = 0, label: str = "simulating"):
        self.total = total
        self.already = already
        self.enabled = enabled
        self.label = label
        self.progress = None

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda n: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        console = Console(stderr=True)
        if not console.is_terminal:
            return lambda n: None
        self.progress = Progress(
            TextColumn(self.label),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        )
        self.progress.start()
        task = self.progress.add_task("matches", total=self.total, completed=self.already, rate="")

        def advance(n: int) -> None:
            self.progress.advance(task, n)
            speed = self.progress.tasks[0].speed  # rich's moving average over the last updates
            self.progress.update(task, rate=f"{speed:,.0f} matches/s" if speed else "")

        return advance

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()
