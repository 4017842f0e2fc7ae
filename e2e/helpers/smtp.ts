import { connect } from 'node:net';

/** The port of the server's built-in SMTP receiver in the specs (see serve.mjs). */
export function mailReceiverPort(): number {
  const port = Number(process.env.E2E_PORT ?? 8181);
  return Number(process.env.E2E_MAIL_PORT || port + 1000);
}

/**
 * Delivers one raw message to an SMTP server over loopback, as a broker's mail server would: EHLO, MAIL
 * FROM, RCPT TO, DATA, QUIT. Rejects with the server's line when it refuses a step.
 */
export function deliverMail(options: { port: number; from: string; to: string; raw: string }): Promise<void> {
  const steps = [
    'EHLO broker.example',
    `MAIL FROM:<${options.from}>`,
    `RCPT TO:<${options.to}>`,
    'DATA',
    // Lines starting with a dot are doubled (RFC 5321 4.5.2); the message ends with a lone dot.
    `${options.raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(options.port, '127.0.0.1');
    let buffer = '';
    let step = -1;
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete at a line "NNN text" (not "NNN-text").
      const lines = buffer.split('\r\n');
      const last = lines.filter((line) => line !== '').at(-1) ?? '';
      if (!/^\d{3} /.test(last) || !buffer.endsWith('\r\n')) return;
      buffer = '';
      const code = Number(last.slice(0, 3));
      if (code >= 400) {
        socket.destroy();
        reject(new Error(`SMTP refused ${steps[step] ?? 'the connection'}: ${last}`));
        return;
      }
      step += 1;
      if (step < steps.length) socket.write(`${steps[step]}\r\n`);
      else socket.end();
    });
    socket.on('close', () => (step >= steps.length - 1 ? resolve() : undefined));
  });
}
