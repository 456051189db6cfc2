"""The "your turn" e-mail, sent through the SMTP server given by URL (``lapilli serve --smtp``).

``smtp://host:port`` (plain, STARTTLS when the URL ends in ``?starttls``), ``smtps://host:port``
(TLS from the start); ``user:password@`` before the host signs in.  Each mail carries a one-click
opt-out link (also as a ``List-Unsubscribe`` header, RFC 8058) that works without signing in.
How often a seat is mailed is decided by the store (``Store.claim_notice``), not here.

An address gets notices only after its owner followed the link of a confirmation mail
(``confirmation``).  No mail carries text another person typed: a notice names the table by
its game's title and the seat by its colour or place in the game (``narration.seat_label``
without a name), never by the name a person gave, which is free text of whoever took the seat.
"""
from __future__ import annotations

import re
import smtplib
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

ADDRESS = re.compile(r"^[^@\s<>,;\"]{1,64}@[^@\s<>,;\"]{1,190}\.[^@\s<>,;\".]{1,63}$|^[^@\s<>,;\"]{1,64}@localhost$")


def valid_address(address: str) -> bool:
    return len(address) <= 254 and bool(ADDRESS.match(address))


class Mailer:
    def __init__(self, url: str, sender: str, public_url: str, timeout: float = 10.0):
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"--smtp {url!r}: expected smtp://HOST:PORT or smtps://HOST:PORT "
                             "(with user:password@ before the host to sign in)")
        self.scheme, self.host = parts.scheme, parts.hostname
        self.port = parts.port or (465 if parts.scheme == "smtps" else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.starttls = "starttls" in (parts.query or "")
        self.sender = sender
        self.public_url = public_url.rstrip("/")
        self.timeout = timeout

    def your_turn(self, to: str, optout: str, tid: str, title: str, seat: dict[str, str]) -> EmailMessage:
        """The notice that it is the turn of the seat ``seat`` ({"en", "it"}: its colour or place)
        at table ``tid``, a game of ``title``."""
        table = f"{self.public_url}/t/{tid}"
        stop = f"{self.public_url}/optout/{optout}"
        msg = EmailMessage()
        msg["From"], msg["To"] = self.sender, to
        msg["Subject"] = f"Lapilli: your turn at {title} / tocca a te a {title}"
        msg["List-Unsubscribe"] = f"<{stop}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg.set_content(
            f"It is your turn at {title} ({seat['en']}): {table}\n"
            f"Tocca a te a {title} ({seat['it']}): {table}\n\n"
            f"No more e-mail from this table / Niente più e-mail da questo tavolo: {stop}\n")
        return msg

    def confirmation(self, to: str, token: str) -> EmailMessage:
        """The one question to an address's owner: may "your turn" notices come here?"""
        link = f"{self.public_url}/confirm/{token}"
        msg = EmailMessage()
        msg["From"], msg["To"] = self.sender, to
        msg["Subject"] = "Lapilli: confirm your address / conferma il tuo indirizzo"
        msg.set_content(
            f"Someone asked Lapilli ({self.public_url}) to e-mail this address when it is their turn "
            f"in a game.\nTo agree, open: {link}\n"
            "If it was not you, do nothing: no other mail comes until the link is opened.\n\n"
            f"Qualcuno ha chiesto a Lapilli ({self.public_url}) di scrivere a questo indirizzo quando tocca "
            f"a lui in una partita.\nPer accettare, apri: {link}\n"
            "Se non sei stato tu, non fare nulla: non arriva altra posta finché il link non viene aperto.\n")
        return msg

    def send(self, msg: EmailMessage) -> None:
        """Deliver one mail (blocking: call it from a worker thread)."""
        cls = smtplib.SMTP_SSL if self.scheme == "smtps" else smtplib.SMTP
        with cls(self.host, self.port, timeout=self.timeout) as smtp:
            if self.starttls:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(msg)
