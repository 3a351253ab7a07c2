import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-storage.js';

describe('local blob store', async () => {
  const root = await mkdtemp(join(tmpdir(), 'blobs-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const store = createLocalBlobStore(root);

  it('puts, reads, streams and deletes', async () => {
    const body = new Uint8Array([0, 1, 2, 255]);
    await store.put('mail/2026/abc.eml', body);
    expect([...(await store.read('mail/2026/abc.eml'))]).toEqual([0, 1, 2, 255]);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get('mail/2026/abc.eml')) chunks.push(chunk as Buffer);
    expect([...Buffer.concat(chunks)]).toEqual([0, 1, 2, 255]);
    await store.delete('mail/2026/abc.eml');
    await store.delete('mail/2026/abc.eml');
    await expect(store.get('mail/2026/abc.eml')).rejects.toThrow(/ENOENT/);
  });

  it('stores a stream, and leaves nothing behind when the stream fails', async () => {
    await store.put('attachments/o/1', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
    expect((await store.read('attachments/o/1')).toString()).toBe('abcd');
    const failing = new Readable({
      read() {
        this.destroy(new Error('source failed'));
      },
    });
    await expect(store.put('attachments/o/2', failing)).rejects.toThrow(/source failed/);
    expect(await readdir(join(root, 'attachments/o'))).toEqual(['1']);
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'A B']) {
      await expect(store.put(key, new Uint8Array(1))).rejects.toThrow(/unsafe/);
    }
  });
});
