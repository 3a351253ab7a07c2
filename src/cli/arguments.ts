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
