"""The web table: FastAPI + WebSocket service, lobby and storage.  No rules live here: every
action goes through the engine, and every message to a seat is built from that seat's
observation."""
