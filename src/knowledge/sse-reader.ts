// Reads server-sent events as they arrive (the provider's streamed completions): bytes in any pieces,
// lines ending in \n, \r\n or \r, `data:` lines joined by \n, a blank line ending a message, comments
// and other fields ignored (https://html.spec.whatwg.org/multipage/server-sent-events.html).

export function createSseReader(onMessage: (data: string) => void) {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  // A \r at the end of a piece may be the first half of \r\n.
  let pendingCr = false;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onMessage(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  }

  function feedText(text: string): void {
    let chunk = text;
    if (pendingCr) {
      pendingCr = false;
      if (chunk.startsWith('\n')) chunk = chunk.slice(1);
    }
    buffer += chunk;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      line(buffer.slice(start, i));
      if (c === 13) {
        if (i + 1 === buffer.length) pendingCr = true;
        else if (buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  }

  return {
    push(bytes: Uint8Array | string): void {
      feedText(typeof bytes === 'string' ? bytes : decoder.decode(bytes, { stream: true }));
    },
    /** The stream ended: a message not yet ended by a blank line is dropped (as the spec says). */
    end(): void {
      feedText(decoder.decode());
    },
  };
}
