import { describe, expect, it } from 'vitest';
import { API_KEY_CALLER } from '../shared/acting-user.js';
import { creationChannel } from './ticket-refs.js';

describe('channel of a ticket created through the API', () => {
  it('is API for an API key and INTERNAL for a signed-in staff user', () => {
    expect(creationChannel(API_KEY_CALLER)).toBe('API');
    expect(creationChannel({ userId: null })).toBe('API');
    expect(creationChannel({ userId: 'agent-1' })).toBe('INTERNAL');
  });
});
