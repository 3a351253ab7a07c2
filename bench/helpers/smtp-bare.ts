import { SMTPServer } from 'smtp-server';
import { exitWithUsageIfAsked } from './usage.js';

// The baseline of the SMTP listener row (a separate process): the same smtp-server the service uses,
// accepting every recipient and every message and discarding it (read to the end, then 250). Prints
// "listening PORT" once it listens; runs until killed.

exitWithUsageIfAsked(`Usage: npx tsx bench/helpers/smtp-bare.ts

A bare smtp-server on a free loopback port that accepts and discards every message. Prints
"listening PORT" and runs until killed.
`);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
