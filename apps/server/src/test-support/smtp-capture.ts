import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  /** Each message received, quoted-printable soft breaks and `=3D` undone so links read back whole. */
  received: string[];
  /** The SMTP_URL that delivers to this capture. */
  url: string;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it is given (no auth, no TLS). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replaceAll('=3D', '='),
        );
        callback();
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
