"""The machinery every game shares: typed events, records, the session, replay, storage."""
