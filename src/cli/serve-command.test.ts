import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from './serve-command.js';

describe('serve: heap growth', () => {
  it('sets --heap-growing-percent unless the command line or NODE_OPTIONS already does', () => {
    expect(limitHeapGrowth([], '')).toBe(true);
    expect(limitHeapGrowth(['--enable-source-maps'], '--max-old-space-size=512')).toBe(true);
    expect(limitHeapGrowth(['--heap-growing-percent=20'], '')).toBe(false);
    expect(limitHeapGrowth([], '--max-old-space-size=512 --heap_growing_percent=80')).toBe(false);
  });
});
