import { describe, expect, it } from 'vitest';
import { normalizeOrigin, normalizeOrigins } from './widget-origins.js';

describe('widget origins', () => {
  it('keeps scheme, host and a non-default port, in lower case', () => {
    expect(normalizeOrigin('https://shop.example')).toBe('https://shop.example');
    expect(normalizeOrigin('HTTPS://Shop.Example/')).toBe('https://shop.example');
    expect(normalizeOrigin('https://shop.example:443')).toBe('https://shop.example');
    expect(normalizeOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
  });

  it('refuses anything that is not exactly an origin', () => {
    for (const bad of [
      '',
      'shop.example',
      'https://shop.example/path',
      'https://shop.example?x=1',
      'https://user:pw@shop.example',
      'javascript:alert(1)',
      'ftp://shop.example',
      '*',
      'https://*.shop.example',
      'null',
    ]) {
      expect(normalizeOrigin(bad), bad).toBeNull();
    }
  });

  it('drops duplicates and names the first bad entry', () => {
    expect(normalizeOrigins(['https://a.example', 'https://A.example/'])).toEqual(['https://a.example']);
    expect(() => normalizeOrigins(['https://a.example', 'nope'])).toThrow(
      expect.objectContaining({ statusCode: 400, details: [{ field: 'allowed_origins/1', issue: 'not_an_origin' }] }),
    );
  });
});
