"""The computer's address on the local network, for the links the GM hands out."""

from __future__ import annotations

import socket

LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """The address other devices on the Wi-Fi reach this computer at (loopback when offline).

    Connecting a UDP socket sends nothing; it only asks the system which
    interface it would route through.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = LOOPBACK
    finally:
        probe.close()
    return address if not address.startswith("0.") else LOOPBACK
