// One error type and one table of codes for the CLI, the socket and the TUI.
// Messages are lowercase, `what: value`; tests assert codes, not wording.

export const ERROR_CODES = {
  INVALID_ARGUMENT: { exit: 2 },
  NOT_FOUND: { exit: 3 },
  NOT_OWNER: { exit: 4 },
  STALE_SEQUENCE: { exit: 5 },
  NOT_FOREGROUND: { exit: 13 },
  OWNER_MISMATCH: { exit: 14 },
  RETIRED_INSTANCE: { exit: 15 },
  INVALID_TRANSITION: { exit: 16 },
  TOO_MANY_INSTANCES: { exit: 17 },
  AGENT_BUSY: { exit: 18 },
  STALE_SCREEN: { exit: 19 },
  SERVER_BUSY: { exit: 20 },
  NO_AGENT: { exit: 21 },
  UNSAFE_STATE: { exit: 22 },
  SERVER_UNAVAILABLE: { exit: 6 },
  SESSION_EXISTS: { exit: 7 },
  UNSAFE_SOCKET: { exit: 8 },
  CONFIG_ERROR: { exit: 9 },
  PROTOCOL_ERROR: { exit: 10 },
  TIMEOUT: { exit: 11 },
  IO_ERROR: { exit: 12 },
  INTERNAL: { exit: 70 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ThurmError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
    this.name = 'ThurmError';
  }
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** Wraps anything thrown into a ThurmError, keeping codes that already are ours. */
export function toThurmError(err: unknown, context?: string): ThurmError {
  if (err instanceof ThurmError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ThurmError('INTERNAL', context ? `${context}: ${message}` : message);
}

export function exitCodeOf(code: ErrorCode): number {
  return ERROR_CODES[code].exit;
}

/** The default of a switch that handles every case: a new case not handled is a compile error. */
export function unhandled(value: never): never {
  throw new ThurmError('INTERNAL', `unhandled case: ${JSON.stringify(value)}`);
}
