import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 for the mail tests (the `smtp-server` package): it accepts
// every message (with or without AUTH) and keeps what it received, parsed, with the envelope.
// stop() closes the port (a sender gets ECONNREFUSED, as with a mail server that is down) and
// start() opens the same port again.

export interface ReceivedMail {
  /** RCPT TO of the envelope, in order. */
  rcptTo: string[];
  mailFrom: string;
  user: string | undefined;
  parsed: ParsedMail;
  at: number;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({
              rcptTo: session.envelope.rcptTo.map((a) => a.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              user: typeof session.user === 'string' ? session.user : undefined,
              parsed,
              at: Date.now(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages whose Message-ID, subject or anything `match` checks for. */
  find(match: (mail: ReceivedMail) => boolean): ReceivedMail[] {
    return this.received.filter(match);
  }

  /** Waits (bounded) until `count` messages match, and returns them. */
  async waitFor(match: (mail: ReceivedMail) => boolean, { count = 1, timeoutMs = 20_000 } = {}): Promise<ReceivedMail[]> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const found = this.find(match);
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`expected ${count} message(s) within ${timeoutMs} ms, got ${this.find(match).length}`);
  }
}
