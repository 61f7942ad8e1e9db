import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * Caught render and loader errors: the page says what went wrong and the navigation stays, so the
 * user can go elsewhere or reload.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error happened.';
  return (
    <section className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title">
        {notFound ? 'There is no such page' : 'This page could not be shown'}
      </h1>
      <div role="alert" className="notice notice-error">
        <p>{notFound ? 'The address does not match any page of the explorer.' : message}</p>
      </div>
      <p>
        <Link to="/collections">Go to the collections</Link> or{' '}
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
