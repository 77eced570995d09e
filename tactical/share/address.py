"""The computer's address on the local network, for the links the GM hands out.

Also what the GM reads about an address (issue 34): which address the phones will
use and why, and, when it cannot be used, what to do, in words rather than a
Python bind error.
"""

from __future__ import annotations

import errno
import ipaddress
import socket

LOOPBACK = "127.0.0.1"
SAME_WIFI = "The phones must be on the same Wi-Fi (or network) as this computer."


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


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def phones_cannot_reach(host: str) -> bool:
    """True when no other device could open a link naming ``host`` (this computer only,
    or every address at once, which a link cannot name)."""
    ip = _ip(host)
    if ip is None:
        return host.strip().lower() in ("", "localhost")
    return ip.is_loopback or ip.is_unspecified


def address_note(host: str) -> str:
    """What the GM reads under the address: which address the phones will use, and why."""
    host = host.strip()
    ip = _ip(host)
    if phones_cannot_reach(host) and not (ip is not None and ip.is_unspecified):
        return (
            f"{host or 'No address'} is this computer alone: phones cannot open these links. "
            "No network was found. Join the table's Wi-Fi (or turn on this computer's "
            "hotspot and join it with the phones), then press Find address."
        )
    if ip is not None and ip.is_unspecified:
        return (
            f"{host} listens on every network, but a link must name one address: "
            "press Find address for this computer's address on the Wi-Fi."
        )
    if ip is not None and not ip.is_private:
        return (
            f"Phones will open the links at {host}. It is not a local network address: "
            f"phones on the Wi-Fi may not reach it. {SAME_WIFI}"
        )
    where = "this computer's address on the local network" if ip is not None else "a name"
    return f"Phones will open the links at {host}: {where}. {SAME_WIFI}"


FIND = "press Find address, or type the address this computer has on the Wi-Fi"
"""What the dialog asks for when an address will not do (the command line asks its own way)."""


def bind_problem(host: str, port: int, error: OSError, find: str = FIND) -> str:
    """Why sharing could not start on ``host:port``, and what to do, in a GM's words."""
    free_port = "pick another port, or 0 for a free one"
    if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
        return (
            f"{host or 'That address'} is not an address of this computer now (the Wi-Fi "
            f"may have changed): {find}."
        )
    if error.errno == errno.EADDRINUSE:
        return f"Port {port} is used by another program: {free_port}."
    if error.errno == errno.EACCES:
        return f"Port {port} needs administrator rights here: {free_port} (above 1023)."
    reason = (error.strerror or str(error) or "unknown error").split(" (while ")[0]
    return f"Could not listen on {host}:{port}: {reason}."
