/**
 * The server's log of failures: one line each on stderr, with the time, the method and path (never
 * the query string, whose values can be personal: names, subjects searched for) and what happened.
 * Never an error object, whose stack and causes bury the line and can carry request details.
 */
export type FailureLog = (line: string) => void;

export const logToStderr: FailureLog = (line) => {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
};
