// Message text into DOM nodes: text nodes only (never innerHTML), with http(s) links made clickable.
// A link's address is the text itself, checked to parse as an http(s) URL, opened in a new tab
// without giving the page a handle on this one.

const URL_RE = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

export function renderText(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    if (start > last) fragment.append(document.createTextNode(text.slice(last, start)));
    const href = safeHref(match[0]);
    if (href) {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = match[0];
      a.target = '_blank';
      a.rel = 'noopener noreferrer nofollow';
      fragment.append(a);
    } else {
      fragment.append(document.createTextNode(match[0]));
    }
    last = start + match[0].length;
  }
  if (last < text.length) fragment.append(document.createTextNode(text.slice(last)));
  return fragment;
}

export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
