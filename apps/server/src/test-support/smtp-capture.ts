import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  /** Each message received, quoted-printable soft breaks and `=3D` undone so links read back whole. */
  received: string[];
  /** The SMTP_URL that delivers to this capture. */
  url: string;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** While true, connections are turned away as a server that is down for maintenance would (421). */
  refuse?: () => boolean;
  /** Called with each message's end before it is accepted; the message is kept only once this resolves. */
  beforeAccept?: () => Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it is given (no auth, no TLS). */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (options.refuse?.()) {
        const away = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
        callback(away);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (options.beforeAccept?.() ?? Promise.resolve()).then(() => {
          received.push(
            Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, '')
              .replaceAll('=3D', '='),
          );
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    received,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
