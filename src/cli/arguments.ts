import { InvalidArgumentError } from 'commander';

// Option parsers shared by the command groups; commander reports their messages as
// "error: option '--x <n>' argument 'y' is invalid. <message>" and exits 1.

export const nonEmpty = (value: string): string => {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value.trim();
};

export const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number');
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('is too large');
  return n;
};

export const positive = (value: string): number => {
  const n = wholeNumber(value);
  if (n === 0) throw new InvalidArgumentError('must be at least 1');
  return n;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** --org: an organization id (a UUID, as `orgs list` prints them); anything else is a usage error. */
export const organizationId = (value: string): string => {
  const id = value.trim();
  if (!UUID.test(id))
    throw new InvalidArgumentError(
      'an organization id is a UUID such as 0b5e2a8c-3f1d-4c6e-9a7b-1d2e3f4a5b6c (`helpdesk orgs list` shows them)',
    );
  return id.toLowerCase();
};

/** An API key id (a UUID, as `keys list` prints them). */
export const apiKeyId = (value: string): string => {
  const id = value.trim();
  if (!UUID.test(id))
    throw new InvalidArgumentError('an API key id is a UUID (`helpdesk keys list --org <id>` shows them)');
  return id.toLowerCase();
};
