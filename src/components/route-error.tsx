import { Component, type ReactNode } from 'react';
import { Link } from './link';
import { paths } from '../lib/paths';

/**
 * Catches a render error in a page: the page says what went wrong and the navigation stays, so
 * the user can go elsewhere or reload. `resetKey` clears it when the user moves to another page.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: unknown; key: string }
> {
  override state: { error: unknown; key: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; key: string },
  ) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'An unexpected error happened.';
  return (
    <section className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title">This page could not be shown</h1>
      <div role="alert" className="notice notice-error">
        <p>{message}</p>
      </div>
      <p>
        <Link to={paths.collections()}>Go to the collections</Link> or{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            window.location.reload();
          }}
        >
          reload the page
        </button>
        .
      </p>
    </section>
  );
}
