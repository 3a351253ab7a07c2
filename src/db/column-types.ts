// Column types shared by every domain's table types.

// Timestamps are stored as epoch milliseconds (bigint on PostgreSQL, integer on SQLite) so both
// dialects keep millisecond precision and compare the same way.
export type Millis = number;
