import type { ReactNode } from 'react';

/**
 * The ways a list can be empty, each said differently: nothing matches these filters, nothing has
 * been added yet, the thing asked for does not exist, or the list could not be loaded at all.
 */
export type EmptyKind = 'no-matches' | 'nothing-yet' | 'not-found' | 'not-loaded';

export function EmptyState({
  kind,
  title,
  children,
}: {
  kind: EmptyKind;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`empty-state empty-${kind}`} role="status">
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}
