import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** A message the test SMTP server accepted: the envelope's recipients and the parsed headers and bodies. */
export interface ReceivedMail {
  rcpt: string[];
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  /** smtp://user:password@127.0.0.1:port */
  url: string;
  password: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (smtp-server) that keeps what it receives; it asks for a login
 * and refuses (550) every recipient whose address contains `refuse`.
 */
export async function startSmtpServer(refuse = 'rechazado'): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const password = 'smtp-s3cret-pass';
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === password) callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.includes(refuse)) {
        const err = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const addressText = (a: typeof mail.to) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));
          received.push({
            rcpt: session.envelope.rcptTo.map((r) => r.address),
            to: addressText(mail.to),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://mailer:${password}@127.0.0.1:${port}`,
    password,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
