/** One JSON document on one line (what `--json` promises: exactly one object per command). */
export const printJson = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value)}\n`);

/** Human-readable output, written as given. */
export const write = (text: string): void => void process.stdout.write(text);
