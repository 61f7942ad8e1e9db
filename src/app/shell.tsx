import { NavLink, Outlet } from 'react-router';

const SECTIONS = [
  { to: '/collections', label: 'Collections' },
  { to: '/seeds', label: 'Seeds' },
  { to: '/seed-groups', label: 'Seed groups' },
  { to: '/press', label: 'Press' },
] as const;

export function Shell() {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <NavLink to="/" className="brand">
          Catalogue explorer
        </NavLink>
        <nav aria-label="Sections">
          <ul className="nav-list">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{section.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
