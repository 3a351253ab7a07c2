// Drafts survive reloads and crashes: kept in localStorage per ticket and mode, with the Idempotency-Key the
// send will use. The key is made with the draft and kept until the send succeeds, so a retry after a slow or
// lost answer repeats the same key and the server applies the reply once.

export type Mode = 'reply' | 'note';

export interface Draft {
  text: string;
  key: string;
}

const storageKey = (ticketId: string, mode: Mode) => `helpdesk:draft:${ticketId}:${mode}`;

export function loadDraft(ticketId: string, mode: Mode): Draft {
  try {
    const raw = localStorage.getItem(storageKey(ticketId, mode));
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<Draft>;
      if (typeof parsed.text === 'string' && typeof parsed.key === 'string')
        return { text: parsed.text, key: parsed.key };
    }
  } catch {
    /* storage unavailable or corrupt: start empty */
  }
  return { text: '', key: crypto.randomUUID() };
}

export function saveDraft(ticketId: string, mode: Mode, draft: Draft) {
  try {
    if (draft.text) localStorage.setItem(storageKey(ticketId, mode), JSON.stringify(draft));
    else localStorage.removeItem(storageKey(ticketId, mode));
  } catch {
    /* full or disabled storage: the draft lives only in the page */
  }
}

export function clearDraft(ticketId: string, mode: Mode) {
  try {
    localStorage.removeItem(storageKey(ticketId, mode));
  } catch {
    /* ignore */
  }
}
