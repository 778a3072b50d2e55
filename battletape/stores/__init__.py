"""The stores: where battletape keeps its events (SQLite, PostgreSQL) and how.

``store`` chooses eventsourcing's persistence by URL, reads events and snapshots;
``mapper`` maps events and snapshots to stored rows (their topics fixed once);
``chain_tables`` keeps the hash chain beside the events; ``postgres`` is
eventsourcing's persistence on psycopg2; ``locations`` resolves a store's URL without
loading eventsourcing; ``dice_secrets`` keeps the committed dice secrets beside the
events; ``stored_log`` reads an encounter a page at a time.

Nothing is imported here: ``battletape.stores.locations`` stays cheap to import.
"""
