/**
 * Sessions, in memory only: a restart ends every one. A session is named by a random token (32
 * bytes from node:crypto) that only the browser's cookie holds; the server keeps its digest, so
 * nothing it holds can be replayed as a cookie. A session ends after `idleMs` without a request,
 * and `maxAgeMs` after it began whatever its use; the credentials it holds go with it.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A person's account of the catalogue service, as they signed in with it. */
export interface Account {
  readonly username: string;
  readonly password: string;
}

export interface Session {
  readonly account: Account;
  readonly began: number;
  seen: number;
}

export type Expiry = 'idle' | 'age';

export interface SessionStore {
  /** A new session for `account`; its token, for the cookie. */
  begin(account: Account, now: number): string;
  /** The live session the token names (marking it used), `expired` with why, or null. */
  find(token: string, now: number): Session | { expired: Expiry; session: Session } | null;
  /** Ends the session the token names; the session, or null if there was none. */
  end(token: string): Session | null;
  /** Ends every session past its time; those it ended, with why. */
  sweep(now: number): { session: Session; expired: Expiry }[];
  readonly size: number;
}

export interface SessionTimes {
  idleMs: number;
  maxAgeMs: number;
  /** The most sessions kept at once; beyond it, the least recently used ends. */
  most?: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionStore(times: SessionTimes): SessionStore {
  const sessions = new Map<string, Session>();
  const most = times.most ?? 10_000;
  const expiry = (session: Session, now: number): Expiry | null => {
    if (now - session.began >= times.maxAgeMs) return 'age';
    if (now - session.seen >= times.idleMs) return 'idle';
    return null;
  };
  return {
    begin(account, now) {
      const token = randomBytes(32).toString('base64url');
      if (sessions.size >= most) {
        // The least recently used: a Map keeps insertion order, and every use re-inserts.
        const oldest = sessions.keys().next().value;
        if (oldest !== undefined) sessions.delete(oldest);
      }
      sessions.set(digest(token), { account, began: now, seen: now });
      return token;
    },
    find(token, now) {
      const key = digest(token);
      const session = sessions.get(key);
      if (session === undefined) return null;
      const expired = expiry(session, now);
      sessions.delete(key);
      if (expired !== null) return { expired, session };
      session.seen = now;
      sessions.set(key, session);
      return session;
    },
    end(token) {
      const key = digest(token);
      const session = sessions.get(key) ?? null;
      sessions.delete(key);
      return session;
    },
    sweep(now) {
      const ended: { session: Session; expired: Expiry }[] = [];
      for (const [key, session] of sessions) {
        const expired = expiry(session, now);
        if (expired === null) continue;
        sessions.delete(key);
        ended.push({ session, expired });
      }
      return ended;
    },
    get size() {
      return sessions.size;
    },
  };
}
