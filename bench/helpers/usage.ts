// `--help` of the helpers that run on their own: the usage text, printed before anything starts.

/** Prints `text` and exits 0 when the command line asks for help (--help or -h). */
export function exitWithUsageIfAsked(text: string): void {
  const args = process.argv.slice(2);
  if (!args.includes('--help') && !args.includes('-h')) return;
  process.stdout.write(text);
  process.exit(0);
}
