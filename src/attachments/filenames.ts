// File names from mail are the sender's text: they may carry directories (`../../x`), control
// characters, or markup. Stored, they are plain text with the directory part and controls removed;
// served, they go into Content-Disposition both as an ASCII fallback and RFC 8187-encoded UTF-8.

const MAX_NAME_CHARS = 255;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** A received file's name made safe to store and show; `fallback` when nothing usable is left. */
export function safeFilename(name: string | null | undefined, fallback: string): string {
  let safe = [...(name ?? '').normalize('NFC')]
    .filter((c) => !isControl(c.codePointAt(0)!))
    .join('')
    .replace(/^.*[\\/]/, '')
    .trim();
  // Only dots: a directory reference, not a name.
  if (/^\.*$/.test(safe)) safe = '';
  const chars = [...safe];
  if (chars.length > MAX_NAME_CHARS) {
    // Keep the extension when the name is cut (report.pdf stays a .pdf).
    const ext = /\.[A-Za-z0-9]{1,10}$/.exec(safe)?.[0] ?? '';
    safe = chars.slice(0, MAX_NAME_CHARS - ext.length).join('') + ext;
  }
  return safe || fallback;
}

/** RFC 8187 value-chars: what encodeURIComponent leaves, minus the characters it allows but 8187 does not. */
const encode8187 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="ascii"; filename*=UTF-8''…`: the download header for a stored name. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'attachment';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encode8187(filename)}`;
}
