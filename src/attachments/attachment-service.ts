import type { Readable } from 'node:stream';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { notFound } from '../shared/errors.js';
import { newTimeOrderedId, pathUuid } from '../shared/ids.js';
import type { BlobStore } from './blob-storage.js';
import { insertAttachments, findAttachment, type AttachmentRow } from './attachment-store.js';
import { sniffContentType } from './content-type.js';
import { safeFilename } from './filenames.js';

// Files kept with messages. Received mail's files are stored in two steps: their bytes first (blob
// store, each under a key of its own new id), then their rows, in the transaction that adds the message
// (so a message and its files commit together, and a rolled-back attempt leaves no rows; its bytes are
// removed by the caller). Keys are never shared between attempts: an attempt that lost its claim to
// another process removes only its own bytes, never the ones the other process committed. Limits per
// file, per message and in number keep one mail from filling the disk; a file over them is skipped and
// reported to the caller, never failing the mail.

/** Files kept per message at most: a mail of thousands of tiny parts is not thousands of rows. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 100;

export interface AttachmentLimits {
  /** Largest file kept (bytes). */
  maxBytes: number;
  /** Most bytes kept for one message, all files together. */
  maxBytesPerMessage: number;
  /** Most files kept for one message. */
  maxCount: number;
}

/** A file as it came with a message. */
export interface IncomingFile {
  filename: string | null;
  /** What the sender claimed (decides only between text types; the bytes decide the rest). */
  contentType: string | null;
  content: Uint8Array;
}

/** A file not kept, and why (shown with the message). */
export interface SkippedFile {
  filename: string;
  size: number;
  reason: string;
}

/** The outcome of storing a message's files: rows to write with the message, and what was left out. */
export interface StoredFiles {
  kept: Omit<AttachmentRow, 'message_id' | 'ticket_id'>[];
  skipped: SkippedFile[];
}

export interface AttachmentServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  blobs: BlobStore;
  limits: AttachmentLimits;
}

const fallbackName = (file: IncomingFile, position: number, extension: string | null) =>
  /^message\/rfc822$/i.test(file.contentType ?? '')
    ? `message-${position}.eml`
    : `attachment-${position}${extension ? `.${extension}` : ''}`;

export function createAttachmentService({ database, clock, blobs, limits }: AttachmentServiceDeps) {
  /**
   * Stores the files of a received message within the limits, in order: a file that would pass a
   * limit is skipped and the next ones are still considered.
   */
  async function storeFiles(organizationId: string, files: readonly IncomingFile[]) {
    const out: StoredFiles = { kept: [], skipped: [] };
    let total = 0;
    for (const [index, file] of files.entries()) {
      const position = index + 1;
      const size = file.content.byteLength;
      const skip = (reason: string) =>
        out.skipped.push({ filename: safeFilename(file.filename, fallbackName(file, position, null)), size, reason });
      if (out.kept.length >= limits.maxCount) {
        skip(`more than ${limits.maxCount} files in one message`);
        continue;
      }
      if (size > limits.maxBytes) {
        skip(`larger than the limit of ${limits.maxBytes} bytes per file`);
        continue;
      }
      if (total + size > limits.maxBytesPerMessage) {
        skip(`over the limit of ${limits.maxBytesPerMessage} bytes of files per message`);
        continue;
      }
      const sniffed = await sniffContentType(file.content, file.contentType);
      const now = clock();
      const id = newTimeOrderedId(now);
      const key = `attachments/${organizationId}/${id}`;
      await blobs.put(key, file.content);
      total += size;
      out.kept.push({
        id,
        position,
        filename: safeFilename(file.filename, fallbackName(file, position, sniffed.extension)),
        content_type: sniffed.contentType,
        size,
        storage_key: key,
        created_at: now,
      });
    }
    return out;
  }

  return {
    storeFiles,

    /** Writes the rows of stored files for their message, in the caller's transaction (idempotent). */
    async recordFiles(t: TenantDb, messageId: string, ticketId: string, files: StoredFiles): Promise<void> {
      await insertAttachments(
        t,
        files.kept.map((f) => ({ ...f, message_id: messageId, ticket_id: ticketId })),
      );
    },

    /** Removes stored files' bytes whose message was not added after all (best effort). */
    async discardFiles(files: StoredFiles): Promise<void> {
      await Promise.all(files.kept.map((f) => blobs.delete(f.storage_key).catch(() => undefined)));
    },

    /** A file of the organization and its bytes as a stream; 404 for a bad id, another organization's, or lost bytes. */
    async open(organizationId: string, rawId: string): Promise<{ attachment: AttachmentRow; body: Readable }> {
      const id = pathUuid(rawId, 'attachment');
      const attachment = await findAttachment(database.forOrganization(organizationId), id);
      if (!attachment) throw notFound('attachment');
      const body = await blobs.get(attachment.storage_key).catch(() => {
        throw notFound('attachment');
      });
      return { attachment, body };
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
