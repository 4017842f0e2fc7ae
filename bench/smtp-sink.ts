// A mail server on loopback for the benchmarks, in a process of its own (its work is not the server's):
// accepts every message, keeps only the count, and tells its port and count to the parent over IPC.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'count') process.send?.({ received });
  if (message === 'stop') server.close(() => process.exit(0));
});
