/**
 * Signing in and out, for a server started with --sign-in: `GET /session` says who is signed in,
 * `POST /session` signs in (the server keeps the credentials; the browser gets only an HttpOnly
 * cookie it cannot read), `DELETE /session` signs out. Each message here is written for the person
 * at the sign-in page.
 */
import { defaultApiConfig } from './config';

export interface SignedIn {
  readonly username: string;
  /** What this person's saved lists are filed under: a digest of them and the catalogue. */
  readonly catalogue: string;
}

const sessionUrl = () => `${defaultApiConfig.baseUrl}/session`;

const UNREACHABLE =
  'The explorer’s server could not be reached. Check the connection, then try again.';

/** Who is signed in, or null when no one is (the session ended, or never began). */
export async function readSession(): Promise<SignedIn | null> {
  const response = await fetch(sessionUrl(), { cache: 'no-store' });
  if (response.status === 401) return null;
  const body: unknown = response.ok ? await response.json() : null;
  if (
    typeof body === 'object' &&
    body !== null &&
    'username' in body &&
    typeof body.username === 'string' &&
    'catalogue' in body &&
    typeof body.catalogue === 'string'
  ) {
    return { username: body.username, catalogue: body.catalogue };
  }
  throw new Error(
    `The explorer’s server could not say who is signed in (HTTP ${response.status}).`,
  );
}

/** Signs in; null when it worked, else what to tell the person. */
export async function signIn(username: string, password: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(sessionUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
      cache: 'no-store',
    });
  } catch {
    return UNREACHABLE;
  }
  if (response.ok) return null;
  let detail: unknown;
  try {
    detail = ((await response.json()) as { detail?: unknown }).detail;
  } catch {
    // Not the server's own answer (a proxy's error page): the status says enough.
  }
  return typeof detail === 'string'
    ? detail
    : `Signing in failed: the explorer’s server answered HTTP ${response.status}. Try again in a moment.`;
}

/**
 * Signs out; throws when the server could not be told (the session would go on). The server also
 * has the browser clear its cache and storage for this site.
 */
export async function signOut(): Promise<void> {
  const response = await fetch(sessionUrl(), { method: 'DELETE', cache: 'no-store' });
  if (!response.ok) throw new Error(`Signing out failed (HTTP ${response.status}).`);
}
