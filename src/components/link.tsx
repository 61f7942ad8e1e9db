/**
 * The app's links to its own pages: React Router's `Link` and `NavLink` for what the explorer
 * asks of them (an address, `replace`, the current page marked), built on the router's hooks for
 * custom links. The router's components also serve its framework mode (prefetching, route
 * discovery, view transitions, masked addresses), and with them every page's first screen carried
 * the data routers' code; these carry none of it. Links out of the app are `ExternalLink`s.
 */
import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address in the app, absolute or relative to the route. */
  to: To;
  /** Replace the current entry in the history instead of adding one. */
  replace?: boolean;
}

/** Followed inside the app on a plain click; with a modifier key or a target, as the browser does. */
export function Link({ to, replace, onClick, target, children, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A link that says when its page is shown: `aria-current="page"` and the class `active`, on its
 * address and every address below it (as React Router's `NavLink` decides, case aside).
 */
export function NavLink({ to, className, ...rest }: LinkProps) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = here === target || (here.startsWith(target) && here.charAt(end) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ')}
    />
  );
}
