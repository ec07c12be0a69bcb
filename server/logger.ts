import pino, { type DestinationStream } from 'pino';

/**
 * Structured logs: one JSON object per line on stdout, `{"level":"info","time":"<ISO 8601>", …fields, "msg":"…"}`,
 * written by pino (asynchronously, through its sonic-boom stream on file descriptor 1).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * Writes out every line still buffered, synchronously: call it right before `process.exit`. (pino also does this
   * on the process's `exit` event; calling it says so where the process ends.)
   */
  flush?(): void;
}

/**
 * A logger at `level` (`silent` writes nothing). Lines go to stdout, or to `write` (one call per line, without the
 * newline) when given. An unknown level is refused, so a mistyped LOG_LEVEL stops the start instead of logging
 * everything or nothing.
 */
export function createLogger(level: LogLevel = 'info', write?: (line: string) => void): Logger {
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${String(level)}`);
  const stdout = level === 'silent' || write ? undefined : pino.destination({ dest: 1, sync: false });
  const destination: DestinationStream = stdout ?? { write: write ? (chunk: string) => write(chunk.replace(/\n$/, '')) : () => undefined };
  const log = pino(
    {
      level,
      // No pid and hostname on every line; the level as its name, not pino's number.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // `err` as given (callers pass `{name, message, stack}` or a string); an Error object itself the same way.
      serializers: { err: (err: unknown) => (err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : err) },
    },
    destination,
  );
  const at = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields: Record<string, unknown> = {}) => log[lvl](fields, msg);
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    flush: () => stdout?.flushSync(),
  };
}
