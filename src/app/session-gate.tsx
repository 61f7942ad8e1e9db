/**
 * With --sign-in (the page's `sign-in` meta names whose accounts people sign in with), what the
 * page shows before anything is asked of the API: the explorer for a signed-in person, with their
 * name and Sign out in the header, or the sign-in page. Loaded only on such a server.
 *
 * Nothing of a person stays in the browser once their session is over: the saved catalogue is kept
 * under their own key (a digest the server gives), and emptied whenever the page finds no session
 * (signed out, expired, the server restarted) and at sign out, when the server also has the
 * browser clear its cache and storage for the site.
 */
import { StrictMode, useState } from 'react';
import type { Root } from 'react-dom/client';
import { credentialsHint, HttpError } from '../api/errors';
import { clearSavedLists, setSavedListsOwner } from '../api/saved-lists';
import { readSession, signOut, type SignedIn } from '../api/session';
import { App, prefetchFirstPage, queryClient } from './app';
import { headerExtras } from './shell';

/**
 * Whether the explorer may start: true with a session (the header then names its user); false
 * when the sign-in page was shown instead.
 */
export async function signedIn(root: Root, service: string): Promise<boolean> {
  let who: SignedIn | null;
  try {
    who = await readSession();
  } catch (error) {
    await showSignIn(root, service, error instanceof Error ? error.message : String(error));
    return false;
  }
  if (who === null) {
    await clearSavedLists();
    await showSignIn(root, service);
    return false;
  }
  enter(root, service, who);
  return true;
}

/** A session is there: lists are filed under it, the header names it, and its end is watched. */
function enter(root: Root, service: string, who: SignedIn): void {
  setSavedListsOwner(who.catalogue);
  credentialsHint.text = `The account you signed in with (${who.username}) may not read it.`;
  headerExtras.account = function AccountHere() {
    return <Account username={who.username} />;
  };
  let checking = false;
  let over = false;
  // Any answer of 401 may mean the session has ended (idle, expired, the server restarted, or the
  // service no longer taking the credentials): the server says whether it has.
  const check = async () => {
    if (checking || over) return;
    checking = true;
    try {
      if ((await readSession()) === null) {
        over = true;
        await ended(root, service);
      }
    } catch {
      // The server cannot be reached: the lists say so themselves.
    } finally {
      checking = false;
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'error' &&
      event.action.error instanceof HttpError &&
      event.action.error.status === 401
    ) {
      void check();
    }
  });
  // Coming back to the page after a while: say at once if the session is over.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
}

/** The session is over while the explorer shows: everything of it goes, and the sign-in shows. */
async function ended(root: Root, service: string): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await clearSavedLists();
  setSavedListsOwner(null);
  headerExtras.account = undefined;
  await showSignIn(root, service, 'ended');
}

async function showSignIn(root: Root, service: string, reason?: string): Promise<void> {
  const { SignInPage } = await import('../features/sign-in/sign-in-page');
  const first = reason === undefined;
  root.render(
    <StrictMode>
      <SignInPage
        service={service}
        reason={reason}
        onSignedIn={() => {
          // After a session that ended, a fresh page: nothing of it stays in memory.
          if (!first) {
            window.location.reload();
            return;
          }
          void readSession().then(
            (who) => {
              if (who === null) {
                window.location.reload();
                return;
              }
              enter(root, service, who);
              prefetchFirstPage();
              root.render(
                <StrictMode>
                  <App />
                </StrictMode>,
              );
            },
            () => {
              window.location.reload();
            },
          );
        }}
      />
    </StrictMode>,
  );
}

/** Who is signed in, and Sign out. */
function Account({ username }: { username: string }) {
  const [state, setState] = useState<'in' | 'leaving' | 'failed'>('in');
  const leave = async () => {
    setState('leaving');
    try {
      await signOut();
    } catch {
      setState('failed');
      return;
    }
    await clearSavedLists();
    // The sign-in page, without the address of what was open (it can name what was looked at).
    window.location.replace('/');
  };
  return (
    <div className="account">
      <span className="account__name" title={username}>
        Signed in as <strong>{username}</strong>
      </span>
      <button
        type="button"
        className="button button-quiet account__sign-out"
        disabled={state === 'leaving'}
        onClick={() => void leave()}
      >
        {state === 'leaving' ? 'Signing out…' : 'Sign out'}
      </button>
      {state === 'failed' && (
        <span className="account__problem" role="alert">
          Signing out failed: the server could not be reached. Try again.
        </span>
      )}
    </div>
  );
}
