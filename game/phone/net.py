"""Which address the phone server listens on: this computer's private address on the home
network (the one the QR code shows), never every interface.

:func:`lan_address` asks the system which local address it would use to reach the outside
(a UDP socket's ``connect`` sends nothing) and keeps it only if it is a private one (home
networks: 10/8, 172.16/12, 192.168/16); :func:`check_bind_address` refuses anything else
but the loopback address, which the tests use.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
#: The private ranges of home networks (RFC 1918).
HOME_NETWORKS = tuple(ipaddress.IPv4Network(n)
                      for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
#: A documentation address (TEST-NET-1): only used to pick a route, never contacted.
_PROBE = ("192.0.2.1", 9)


def check_bind_address(host: str) -> str:
    """``host`` if the server may listen there (a private IPv4 or the loopback address);
    ``ValueError`` saying why otherwise (``0.0.0.0``, a public address, a name …)."""
    try:
        ip = ipaddress.IPv4Address(host)
    except ValueError:
        raise ValueError(f"the phone server listens on an IPv4 address, not {host!r}") from None
    if ip.is_unspecified:
        raise ValueError("the phone server never listens on every interface (0.0.0.0)")
    if not (ip.is_loopback or any(ip in net for net in HOME_NETWORKS)):
        raise ValueError(f"{host} is not a private home-network address")
    return str(ip)


def lan_address() -> str | None:
    """This computer's private address on the home network, or ``None`` when it has none
    (no network, or only a public or link-local address)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(_PROBE)
            host = str(s.getsockname()[0])
    except OSError:
        return None
    try:
        check_bind_address(host)
    except ValueError:
        return None
    return None if ipaddress.IPv4Address(host).is_loopback else host
