import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Decoded body text (quoted-printable soft breaks and escapes undone). */
  decoded: string;
}

// QP escapes are bytes of UTF-8: collect them as latin1 characters, then read the bytes as UTF-8.
const decodeQuotedPrintable = (raw: string): string =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');

/** A real SMTP server on a random local port that keeps what it receives. */
export const startSmtpServer = async () => {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves with the first mail to `address` (waits up to `ms`). */
    waitFor: async (address: string, ms = 10_000): Promise<ReceivedMail> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mails.find((m) => m.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
