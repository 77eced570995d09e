"""The devices watching, and the limits each must keep or be cut off.

A device is one open WebSocket. Limits (issue 25): messages no bigger than
:data:`MAX_MESSAGE_BYTES`, at most :data:`MAX_MESSAGES_PER_SECOND` a second. A
device that breaks one is closed; the GM's app carries on. Each link has its own
cap on devices (issue 30: :meth:`Limits.devices`), so the table link, whose QR
code may be on show, cannot take the players' places.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

MAX_MESSAGE_BYTES = 4096
MAX_MESSAGES_PER_SECOND = 20


@dataclass
class Device:
    """One connected page."""

    number: int
    link_token: str
    label: str
    address: str
    since: float = field(default_factory=time.time)
    _window: float = 0.0
    _count: int = 0

    def count_message(self, now: float | None = None) -> bool:
        """Count one message; False when this device sent too many this second."""
        now = time.monotonic() if now is None else now
        if now - self._window >= 1.0:
            self._window, self._count = now, 0
        self._count += 1
        return self._count <= MAX_MESSAGES_PER_SECOND


@dataclass(frozen=True)
class DeviceRow:
    """What the GM's dialog lists about a device."""

    number: int
    label: str
    address: str
    since: float


class Devices:
    """The open devices (thread-safe: the GM's dialog reads it from the GUI thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._devices: dict[int, Device] = {}
        self._next = 1

    def join(self, link_token: str, label: str, address: str, cap: int) -> Device | None:
        """A new device, or None when ``cap`` devices already watch this link."""
        with self._lock:
            if sum(d.link_token == link_token for d in self._devices.values()) >= cap:
                return None
            device = Device(self._next, link_token, label, address)
            self._next += 1
            self._devices[device.number] = device
            return device

    def leave(self, device: Device) -> None:
        with self._lock:
            self._devices.pop(device.number, None)

    def rows(self) -> list[DeviceRow]:
        with self._lock:
            return [
                DeviceRow(d.number, d.label, d.address, d.since) for d in self._devices.values()
            ]

    def __len__(self) -> int:
        with self._lock:
            return len(self._devices)
