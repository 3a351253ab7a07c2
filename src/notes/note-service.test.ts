import { describe, expect, it } from 'vitest';
import { API_KEY_CALLER } from '../shared/acting-user.js';
import { noteAuthorId, noteView } from './note-service.js';

describe('note author', () => {
  it('an API key must name the user (400 validation_error on user_id)', () => {
    expect(noteAuthorId(API_KEY_CALLER, 'agent-1')).toBe('agent-1');
    for (const missing of [undefined, null]) {
      expect(() => noteAuthorId(API_KEY_CALLER, missing)).toThrow(
        expect.objectContaining({
          statusCode: 400,
          code: 'validation_error',
          details: [{ field: 'user_id', issue: 'required' }],
        }),
      );
    }
  });

  it('a session writes as its user; naming another is 403', () => {
    const session = { userId: 'agent-1' };
    expect(noteAuthorId(session, undefined)).toBe('agent-1');
    expect(noteAuthorId(session, 'agent-1')).toBe('agent-1');
    expect(() => noteAuthorId(session, 'agent-2')).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'insufficient_scope' }),
    );
  });
});

describe('note view', () => {
  it('is the wire shape: author of type user, ISO time, content as stored', () => {
    const content = '<img src=x onerror=alert(1)>';
    expect(
      noteView({
        id: 'n1',
        ticket_id: 't1',
        content,
        author_id: 'agent-1',
        author_email: 'a@example.com',
        author_name: 'Ada',
        created_at: Date.UTC(2026, 10, 28, 1, 2, 3, 4),
      }),
    ).toEqual({
      id: 'n1',
      ticket_id: 't1',
      content,
      author: { type: 'user', id: 'agent-1', email: 'a@example.com', name: 'Ada' },
      created_at: '2026-11-28T01:02:03.004Z',
    });
  });
});
