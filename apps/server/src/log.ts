import { pino, type Logger, type LevelWithSilent } from 'pino';
import { errorLogSerializer, requestLogSerializer } from './log-redaction.ts';

export type { Logger };

/** Where log lines go: standard output by default, a test's array otherwise. */
export interface LogStream {
  write(line: string): void;
}

/**
 * The one logger of an instance: JSON lines (pino, Fastify's own) at `LOG_LEVEL`. Requests, jobs
 * and workers all write through it. Cookies, authorisation and SCA headers are redacted; errors
 * keep only name, message, code and stack (http/log-redaction.ts).
 */
export function createLogger(level: LevelWithSilent, stream?: LogStream): Logger {
  return pino(
    {
      level,
      serializers: { req: requestLogSerializer, err: errorLogSerializer },
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-sca-token"]',
        'res.headers["set-cookie"]',
      ],
    },
    ...(stream ? [stream] : []),
  );
}

// Until the server starts (tests, command-line tools): warnings and errors to standard error, as JSON.
let current: Logger = createLogger('warn', { write: (line) => process.stderr.write(line) });

/** The logger jobs and workers write through: the server's own once it has started. */
export const appLog = (): Logger => current;

/**
 * The lines the server always writes, whatever `LOG_LEVEL`: ready, the sandbox's demo sign-ins and
 * mailbox, the metrics address, a stop beginning. Records of the same JSON log, at `info`.
 */
export const announce = (): Logger => current.child({}, { level: 'info' });

/** The server hands its logger to the jobs and workers (server.ts; tests capturing lines). */
export function useAppLog(logger: Logger): void {
  current = logger;
}
