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
SYSTEMS = (
    ("iphone", "iPhone"),
    ("ipad", "iPad"),
    ("android", "Android"),
    ("windows", "Windows"),
    ("cros", "Chromebook"),
    ("macintosh", "Mac"),
    ("linux", "Linux"),
)
BROWSERS = (
    ("firefox/", "Firefox"),
    ("fxios/", "Firefox"),
    ("edg/", "Edge"),
    ("edge/", "Edge"),
    ("samsungbrowser/", "Samsung Internet"),
    ("opr/", "Opera"),
    ("crios/", "Chrome"),
    ("chrome/", "Chrome"),
    ("safari/", "Safari"),
)


def device_kind(user_agent: str) -> str:
    """What sort of device it says it is, in fixed words ("Android, Chrome"): the GM tells
    two devices on one link apart. The header is the device's own claim and may lie; none
    of its text is ever shown."""
    agent = user_agent[:512].lower()
    system = next((name for key, name in SYSTEMS if key in agent), "")
    browser = next((name for key, name in BROWSERS if key in agent), "")
    return ", ".join(x for x in (system, browser) if x) or "unknown device"


@dataclass
class Device:
    """One connected page."""

    number: int
    link_token: str
    label: str
    address: str
    kind: str = "unknown device"
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
    """Counts up from 1 over the sharing session: "device 3" is one device, never another."""
    label: str
    address: str
    since: float
    link_token: str = ""
    kind: str = "unknown device"


class Devices:
    """The open devices (thread-safe: the GM's dialog reads it from the GUI thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._devices: dict[int, Device] = {}
        self._next = 1

    def join(
        self, link_token: str, label: str, address: str, cap: int, kind: str = "unknown device"
    ) -> Device | None:
        """A new device, or None when ``cap`` devices already watch this link."""
        with self._lock:
            if sum(d.link_token == link_token for d in self._devices.values()) >= cap:
                return None
            device = Device(self._next, link_token, label, address, kind)
            self._next += 1
            self._devices[device.number] = device
            return device

    def leave(self, device: Device) -> None:
        with self._lock:
            self._devices.pop(device.number, None)

    def rows(self) -> list[DeviceRow]:
        with self._lock:
            return [
                DeviceRow(d.number, d.label, d.address, d.since, d.link_token, d.kind)
                for d in self._devices.values()
            ]

    def __len__(self) -> int:
        with self._lock:
            return len(self._devices)
