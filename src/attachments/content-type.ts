// What a received file is, from its bytes: a mail's Content-Type is whatever the sender's software (or
// an attacker) wrote, so it is never trusted. Binary formats are recognised by their signatures
// (`file-type`, loaded on first use); bytes that look like text may keep a text type the mail claimed;
// anything else is application/octet-stream.

const loadFileType = () => import('file-type').then((m) => m.fileTypeFromBuffer);
let fileTypeFromBuffer: ReturnType<typeof loadFileType> | null = null;

/** How much of a file the signature check reads at most (formats are recognised from their start). */
const SNIFF_BYTES = 1024 * 1024;
/** How much of a file the text check reads. */
const TEXT_SAMPLE_BYTES = 8192;

export const OCTET_STREAM = 'application/octet-stream';

/** Types a text file may keep from the mail: plain text kinds, JSON/XML kinds, calendars, mail. */
const TEXT_TYPES =
  /^(text\/[a-z0-9.+-]+|application\/(json|xml|[a-z0-9.-]+\+(json|xml))|image\/svg\+xml|message\/rfc822)$/;

/** A declared type reduced to `type/subtype` in lower case, or null when it is not one. */
export function bareType(declared: string | null | undefined): string | null {
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : null;
}

/**
 * Whether the bytes read as text: no NUL byte and almost no control characters (tabs, line breaks, form
 * feeds and escapes aside) in the first 8 KiB. Single-byte encodings (Latin-1, Windows-1252) and UTF-8
 * pass; UTF-16 and binary formats do not. An empty file is not text (there is nothing to tell).
 */
export function plausiblyText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const sample = bytes.subarray(0, TEXT_SAMPLE_BYTES);
  let controls = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) controls++;
    else if (b === 0x7f) controls++;
  }
  return controls * 100 <= sample.length;
}

export interface Sniffed {
  contentType: string;
  /** The usual file extension of a recognised binary format (for naming a file that has no name). */
  extension: string | null;
}

/** The content type of a file from its bytes; `declared` (the mail's) only decides between text types. */
export async function sniffContentType(bytes: Uint8Array, declared: string | null): Promise<Sniffed> {
  fileTypeFromBuffer ??= loadFileType();
  const found = await (await fileTypeFromBuffer)(bytes.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  if (found) return { contentType: found.mime, extension: found.ext };
  if (!plausiblyText(bytes)) return { contentType: OCTET_STREAM, extension: null };
  const claimed = bareType(declared);
  return { contentType: claimed && TEXT_TYPES.test(claimed) ? claimed : 'text/plain', extension: null };
}

/** Types a browser would run or render with scripts if it displayed them (HTML, SVG, XML, scripts). */
const ACTIVE_TYPES = /html|xml|svg|javascript|ecmascript/;

/**
 * The Content-Type a download is served with: the stored type, except types a browser could execute,
 * which are served as application/octet-stream (the download also carries `attachment`, `nosniff` and a
 * sandboxing CSP, so even a misdirected display runs nothing).
 */
export function servedContentType(stored: string): string {
  return ACTIVE_TYPES.test(stored) ? OCTET_STREAM : stored;
}
