/**
 * The sign-in page, for a server started with --sign-in: shown wherever the explorer is opened
 * without a session, and when a session ends. The password goes to the explorer's own server only,
 * which checks it with the catalogue service and keeps it for the session; this page keeps nothing.
 */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { signIn } from '../../api/session';
import './sign-in-page.css';

export interface SignInPageProps {
  /** Whose accounts: the service's host name, or `demo` for the embedded sample catalogue. */
  service: string;
  /**
   * Why the page shows instead of the explorer: `ended` when a session has just ended, or what
   * went wrong asking the server; nothing on a plain visit.
   */
  reason?: string | undefined;
  onSignedIn: () => void;
}

export function SignInPage({ service, reason, onSignedIn }: SignInPageProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const id = useId();
  const demo = service === 'demo';

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const username = text('username').trim();
    const secret = text('password');
    if (username === '' || secret === '') {
      setProblem('Give your user name and your password.');
      return;
    }
    setBusy(true);
    setProblem(null);
    const refused = await signIn(username, secret);
    if (refused === null) {
      onSignedIn();
      return;
    }
    setBusy(false);
    setProblem(refused);
    // The password goes; the user name stays for another try.
    if (password.current) {
      password.current.value = '';
      password.current.focus();
    }
  };

  return (
    <div className="sign-in">
      <header className="shell-header">
        <span className="brand">Catalogue explorer</span>
      </header>
      <main className="sign-in__main">
        <section className="sign-in__card" aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`}>Sign in</h1>
          {demo ? (
            <p className="sign-in__lead">
              This explorer shows a sample catalogue. Sign in as <strong>demo</strong>, with the
              password printed where its server was started.
            </p>
          ) : (
            <p className="sign-in__lead">
              Sign in with your own account of the catalogue service at{' '}
              <strong className="break-anywhere">{service}</strong>. Your password is checked by the
              service and kept only until you sign out.
            </p>
          )}
          {reason === 'ended' && (
            <p className="notice notice-info" role="status">
              Your session has ended: it was not used for a while, or the server was restarted. Sign
              in again to go on where you were.
            </p>
          )}
          {reason !== undefined && reason !== 'ended' && (
            <p className="notice notice-error sign-in__problem" role="alert">
              {reason}
            </p>
          )}
          <form
            className="sign-in__form"
            method="post"
            action="/session"
            onSubmit={(event) => void submit(event)}
            aria-describedby={problem ? `${id}-problem` : undefined}
          >
            <div className="field">
              <label htmlFor={`${id}-username`}>User name</label>
              <input
                id={`${id}-username`}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                // The page has one thing to do.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-password`}>Password</label>
              <input
                id={`${id}-password`}
                ref={password}
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            </div>
            {problem && (
              <p id={`${id}-problem`} className="notice notice-error sign-in__problem" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="button sign-in__submit" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        </section>
      </main>
    </div>
  );
}
