// postal-mime gathers every decoded part of a message into a Blob and reads it straight back with
// arrayBuffer(): the Blob is only a way to join chunks. Node's Blob is a native object read through an
// asynchronous stream, and for the small mail most support traffic is, building and reading those
// Blobs cost about a third of the whole parse. The thread that parses batches of such mail runs
// nothing but the mail parser, and puts this class in Blob's place there (installPlainBlob): the
// same bytes, joined once in memory. Every other thread keeps Node's Blob.

type Part = string | ArrayBuffer | ArrayBufferView | PlainBlob;

const encoder = new TextEncoder();

function bytesOf(part: Part): Uint8Array {
  if (part instanceof PlainBlob) return part.bytes;
  if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
  if (part instanceof ArrayBuffer) return new Uint8Array(part);
  // A string as UTF-8, and as Blob does, anything else as its string form.
  return encoder.encode(String(part));
}

/** The part of Blob's interface postal-mime uses: built from parts, read back whole. */
export class PlainBlob {
  /** Its own copy of the parts' bytes: changing a part later changes nothing here, as with Blob. */
  readonly bytes: Uint8Array;
  readonly type: string;

  constructor(parts: Iterable<Part> = [], options: { type?: string } = {}) {
    const pieces = Array.from(parts, bytesOf);
    let size = 0;
    for (const piece of pieces) size += piece.byteLength;
    // A buffer of its own (never a slice of Node's shared pool): what arrayBuffer() returns may be
    // transferred to another thread.
    this.bytes = new Uint8Array(size);
    let at = 0;
    for (const piece of pieces) {
      this.bytes.set(piece, at);
      at += piece.byteLength;
    }
    this.type = (options.type ?? '').toLowerCase();
  }

  get size(): number {
    return this.bytes.byteLength;
  }

  /** A new copy each call, as Blob's: one caller's changes or transfer never reach another's. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.bytes.slice().buffer;
  }
}

/** Puts PlainBlob in Blob's place on this thread (only for a thread that runs the mail parser alone). */
export function installPlainBlob(scope: { Blob: unknown } = globalThis): void {
  scope.Blob = PlainBlob;
}
