/** The frame of a page: its document title, its heading, and its content below. */
import { useId, type ReactNode } from 'react';

/** The document title for a page; React places it in the head. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} – Catalogue explorer`}</title>;
}

export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  /** Buttons that act on the whole page (Print), at the end of its heading. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="page">
      <PageTitle>{title}</PageTitle>
      <header className="page-header">
        <h1 id={headingId}>{title}</h1>
        {actions && <div className="page-header__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
