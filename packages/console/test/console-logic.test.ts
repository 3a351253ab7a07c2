import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../src/search-params';
import { parseQueueSearch, statusOf, viewOf } from '../src/queue/queue-search';
import { type Command, handleKey, matches, registerCommands } from '../src/shortcuts/commands';
import { clearDraft, loadDraft, saveDraft } from '../src/ticket/drafts';

// The console's logic that needs no browser: the queue's URL filters, the key handler's rules, the drafts store.

type Fake = { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; target?: unknown };
function keyEvent(fake: Fake) {
  const event = {
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    isComposing: false,
    defaultPrevented: false,
    target: null,
    ...fake,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event as unknown as KeyboardEvent & { defaultPrevented: boolean };
}
const element = (tagName: string, inside: string | null = null) => {
  let blurred = false;
  return {
    tagName,
    isContentEditable: false,
    closest: (selector: string) => (inside && selector.includes(inside) ? {} : null),
    blur: () => {
      blurred = true;
    },
    wasBlurred: () => blurred,
  };
};

describe('queue filters in the URL', () => {
  it('keeps known values, drops unknown ones and defaults to All x Open', () => {
    expect(parseQueueSearch({ view: 'mine', status: 'PENDING', q: 'printer', page: '3' })).toEqual({
      view: 'mine',
      status: 'PENDING',
      q: 'printer',
      page: 3,
    });
    const junk = parseQueueSearch({ view: 'everyone', status: 'DONE', q: '', page: '0' });
    expect(junk).toEqual({});
    expect(viewOf(junk)).toBe('all');
    expect(statusOf(junk)).toBe('OPEN');
    expect(parseQueueSearch({ status: 'ANY', page: 1 })).toEqual({ status: 'ANY' });
    expect(parseQueueSearch({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it('reads every value of the address as the string typed, so number-like searches survive', () => {
    expect(parseSearch('?q=17e868&page=2&status=OPEN')).toEqual({ q: '17e868', page: '2', status: 'OPEN' });
    expect(parseSearch('q=12345&q=other')).toEqual({ q: '12345' });
    expect(parseSearch('?q=true&v=null&w=%22quoted%22')).toEqual({ q: 'true', v: 'null', w: '"quoted"' });
    expect(parseSearch('')).toEqual({});
    expect(parseQueueSearch(parseSearch('?q=12345&page=3'))).toEqual({ q: '12345', page: 3 });
  });

  it('writes values as they are, leaving out empty ones, and reads them back unchanged', () => {
    const search = { view: 'mine', q: '17e868 & "more"', page: 2, status: undefined, x: null, y: '' };
    const query = stringifySearch(search);
    expect(query).toBe('?view=mine&q=17e868+%26+%22more%22&page=2');
    expect(parseSearch(query)).toEqual({ view: 'mine', q: '17e868 & "more"', page: '2' });
    expect(stringifySearch({})).toBe('');
  });
});

describe('keyboard shortcuts', () => {
  const ran: string[] = [];
  let off: (() => void)[] = [];
  const command = (id: string, keys: string): Command => ({
    id,
    title: id,
    group: 'Test',
    keys,
    run: () => ran.push(id),
  });
  beforeEach(() => {
    ran.length = 0;
  });
  afterEach(() => {
    for (const o of off) o();
    off = [];
  });

  it('matches plain keys without modifiers and mod+ keys with Ctrl or Cmd', () => {
    expect(matches('j', keyEvent({ key: 'j' }))).toBe(true);
    expect(matches('j', keyEvent({ key: 'j', ctrlKey: true }))).toBe(false);
    expect(matches('j', keyEvent({ key: 'j', altKey: true }))).toBe(false);
    expect(matches('mod+k', keyEvent({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(matches('mod+k', keyEvent({ key: 'K', metaKey: true }))).toBe(true);
    expect(matches('mod+k', keyEvent({ key: 'k' }))).toBe(false);
    expect(matches('mod+enter', keyEvent({ key: 'Enter', ctrlKey: true }))).toBe(true);
    expect(matches('?', keyEvent({ key: '?' }))).toBe(true);
  });

  it('the latest registration wins a key; unregistering gives it back', () => {
    off.push(registerCommands([command('shell-e', 'e')]));
    const page = registerCommands([command('page-e', 'e')]);
    expect(handleKey(keyEvent({ key: 'e' }))).toBe(true);
    page();
    expect(handleKey(keyEvent({ key: 'e' }))).toBe(true);
    expect(ran).toEqual(['page-e', 'shell-e']);
    expect(handleKey(keyEvent({ key: 'q' }))).toBe(false);
  });

  it('in a text field only mod+ keys run; Escape leaves the field; dialogs and menus keep their keys', () => {
    off.push(registerCommands([command('reply', 'r'), command('send', 'mod+enter'), command('open', 'Enter')]));
    const field = element('TEXTAREA');
    expect(handleKey(keyEvent({ key: 'r', target: field }))).toBe(false);
    const send = keyEvent({ key: 'Enter', ctrlKey: true, target: field });
    expect(handleKey(send)).toBe(true);
    expect(send.defaultPrevented).toBe(true);
    expect(handleKey(keyEvent({ key: 'Escape', target: field }))).toBe(true);
    expect(field.wasBlurred()).toBe(true);
    expect(handleKey(keyEvent({ key: 'r', target: element('DIV', '[role="menu"]') }))).toBe(false);
    expect(handleKey(keyEvent({ key: 'r', target: element('DIV', '[role="dialog"]') }))).toBe(false);
    // Enter on a focused link or button is that control's own.
    expect(handleKey(keyEvent({ key: 'Enter', target: element('A', 'a, button') }))).toBe(false);
    expect(handleKey(keyEvent({ key: 'Enter', target: element('BODY') }))).toBe(true);
    expect(ran).toEqual(['send', 'open']);
  });
});

describe('drafts', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
  });

  it('keeps text and its idempotency key per ticket and mode until cleared', () => {
    const fresh = loadDraft('t1', 'reply');
    expect(fresh.text).toBe('');
    saveDraft('t1', 'reply', { text: 'Hello', key: fresh.key });
    saveDraft('t1', 'note', { text: 'Internal', key: 'note-key' });
    // A reload: the same text and the same key, so a resend cannot post twice.
    expect(loadDraft('t1', 'reply')).toEqual({ text: 'Hello', key: fresh.key });
    expect(loadDraft('t1', 'note')).toEqual({ text: 'Internal', key: 'note-key' });
    expect(loadDraft('t2', 'reply').text).toBe('');
    clearDraft('t1', 'reply');
    const after = loadDraft('t1', 'reply');
    expect(after.text).toBe('');
    expect(after.key).not.toBe(fresh.key);
    saveDraft('t1', 'note', { text: '', key: 'note-key' });
    expect(store.size).toBe(0);
  });

  it('starts empty when the stored draft is corrupt', () => {
    store.set('helpdesk:draft:t1:reply', '{not json');
    expect(loadDraft('t1', 'reply').text).toBe('');
  });
});
