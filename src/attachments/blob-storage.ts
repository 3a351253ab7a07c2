import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

// Where files live: large received messages and attachments. The interface is streams and opaque
// keys, so a store in an S3-compatible service can take the local directory's place without its
// callers changing (put → PutObject, or a multipart upload for a stream; get → GetObject's body
// stream; delete → DeleteObject; keys as object keys under a prefix). Keys are made by the service
// (ids and positions), never by a client; writing a key again replaces its bytes.

export interface BlobStore {
  /** Stores the bytes (or everything the stream yields) under the key, durably (on disk, synced) before it resolves. */
  put(key: string, body: Uint8Array | Readable): Promise<void>;
  /** The stored bytes as a stream; rejects (ENOENT) when there are none. */
  get(key: string): Promise<Readable>;
  /** The stored bytes in memory (for parsing a stored message). */
  read(key: string): Promise<Buffer>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe blob key: ${key}`);
  return key;
}

/** Files under a directory (DATA_DIR/blobs): written to a temporary name, synced, then renamed. */
export function createLocalBlobStore(root: string): BlobStore {
  const path = (key: string) => join(root, checkedKey(key));
  return {
    async put(key, body) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      const file = await open(temporary, 'w');
      try {
        // Written by libuv's threads, in pieces for a stream: the event loop only hands buffers over.
        if (body instanceof Uint8Array) await file.writeFile(body);
        else for await (const chunk of body) await file.write(chunk as Uint8Array);
        await file.sync();
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      } finally {
        await file.close();
      }
      await rename(temporary, target);
      // The rename itself is durable once the directory is synced.
      const dir = await open(dirname(target), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    },
    async get(key) {
      const stream = createReadStream(path(key));
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async read(key) {
      const file = await open(path(key), 'r');
      try {
        return await file.readFile();
      } finally {
        await file.close();
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
