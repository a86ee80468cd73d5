/**
 * Whether a failed query means the database cannot be reached right now (it stopped, restarts, refuses
 * connections, or did not answer within its bound), as opposed to a fault in the query or the data: the API
 * then answers 503, which clients may retry, instead of 500.
 */

/** PostgreSQL SQLSTATEs of an unreachable or overloaded server (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping, or pg_terminate_backend
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57014", // query_canceled: statement_timeout ran out
  "25P03", // idle_in_transaction_session_timeout ran out
  "53300", // too_many_connections
]);

/** Class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = "08";

/** Socket errors on the way to the server. */
const UNREACHABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/** What node-postgres says, without a code, when a connection broke or could not be had in time. */
const UNAVAILABLE_DRIVER_MESSAGES = ["timeout exceeded when trying to connect", "Connection terminated", "is not queryable"];

/** How deep `cause` and AggregateError chains are followed. */
const MAX_DEPTH = 4;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (UNAVAILABLE_SQLSTATES.has(code) || (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS))) return true;
    if (UNREACHABLE_SOCKET_CODES.has(code)) return true;
    // SQLite: another process held the write lock for all of busy_timeout (SQLITE_BUSY and its extended codes).
    if (code.startsWith("SQLITE_BUSY")) return true;
  }
  if (UNAVAILABLE_DRIVER_MESSAGES.some((message) => error.message.includes(message))) return true;
  // Connecting to a name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
