// If-Match: a check of a resource's current representation, made by the service inside
// the transaction of its write, after the resource's row is locked (so of two writers that read the same
// ETag, the second sees the first's change). It throws (412 precondition_failed) when the caller's
// If-Match does not hold; the transaction then changes nothing. Built by the HTTP layer from the header.
export type Precondition<V = unknown> = (current: V) => void;
