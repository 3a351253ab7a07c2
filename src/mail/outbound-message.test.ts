import { describe, expect, it } from 'vitest';
import {
  composeReply,
  displayName,
  htmlOf,
  MAX_REFERENCES,
  replySubject,
  threadReferences,
} from './outbound-message.js';

describe('outbound reply mail', () => {
  it('subjects: Re: once, the ticket number once, line breaks flattened', () => {
    expect(replySubject('Printer', 7)).toBe('Re: Printer [#7]');
    expect(replySubject('RE: Printer', 7)).toBe('RE: Printer [#7]');
    expect(replySubject('Re: Printer [#7]', 7)).toBe('Re: Printer [#7]');
    expect(replySubject('Re: Printer [#8]', 7)).toBe('Re: Printer [#8] [#7]');
    expect(replySubject('a\r\nBcc: x@y', 1)).toBe('Re: a Bcc: x@y [#1]');
  });

  it('display names: agent and from_name, either alone, or none', () => {
    expect(displayName('Ada', 'Acme Support')).toBe('Ada (Acme Support)');
    expect(displayName(null, 'Acme Support')).toBe('Acme Support');
    expect(displayName(' Ada ', '  ')).toBe('Ada');
    expect(displayName(null, null)).toBe('');
  });

  it('HTML is the escaped text with its line breaks', () => {
    const html = htmlOf(`<img src=x onerror="alert('x')"> & co\nnext`);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co<br>\nnext');
    expect(html).not.toContain('<img');
  });

  it('References keeps the first and the latest Message-IDs', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `<m${i}@x>`);
    const refs = threadReferences(ids);
    expect(refs).toHaveLength(MAX_REFERENCES);
    expect(refs[0]).toBe('<m0@x>');
    expect(refs.at(-1)).toBe('<m29@x>');
    expect(refs[1]).toBe(`<m${30 - MAX_REFERENCES + 1}@x>`);
    expect(threadReferences(ids.slice(0, 3))).toEqual(ids.slice(0, 3));
  });

  it('a first reply has no In-Reply-To; later ones name the latest mail of the thread', () => {
    const base = {
      mailbox: { address: 'support@acme.example', from_name: 'Acme' },
      agentName: 'Ada',
      customer: { email: 'c@example.com', name: null },
      ticket: { subject: 'Hi', number: 3 },
      content: 'text',
      messageId: '<new@acme.example>',
    };
    const first = composeReply({ ...base, thread: [] });
    expect(first.inReplyTo).toBeUndefined();
    expect(first.references).toBeUndefined();
    expect(first.to).toEqual({ name: '', address: 'c@example.com' });
    expect(first.envelope).toEqual({ from: 'support@acme.example', to: 'c@example.com' });
    const later = composeReply({ ...base, thread: ['<a@x>', '<b@x>'] });
    expect(later.inReplyTo).toBe('<b@x>');
    expect(later.references).toEqual(['<a@x>', '<b@x>']);
    expect(later.from).toEqual({ name: 'Ada (Acme)', address: 'support@acme.example' });
  });
});
