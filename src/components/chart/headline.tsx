/**
 * The figures at the top of an overview, each leading to the list it counts: large enough to read
 * across a room, with the exact figure beside a rounded one.
 */
import type { ReactNode } from 'react';
import { Link } from '../link';
import './chart.css';

export interface HeadlineFigure {
  readonly label: string;
  /** The figure as shown large. */
  readonly value: string;
  /** The list it counts. */
  readonly href?: string | undefined;
  /** A line below it: parts of the figure, or the exact value. */
  readonly detail?: ReactNode;
  /** Draws the eye: something needs doing. */
  readonly attention?: boolean;
}

export function Headline({
  figures,
  label,
}: {
  figures: readonly HeadlineFigure[];
  label: string;
}) {
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <dl className="headline">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={
              figure.attention ? 'headline__item headline__item--attention' : 'headline__item'
            }
          >
            <dt>{figure.label}</dt>
            <dd className="headline__value">
              {figure.href ? <Link to={figure.href}>{figure.value}</Link> : figure.value}
            </dd>
            {figure.detail && <dd className="headline__detail">{figure.detail}</dd>}
          </div>
        ))}
      </dl>
    </>
  );
}

/** "41 active · 21 inactive", each part a link where it has a list. */
export function Parts({
  parts,
}: {
  parts: readonly { readonly text: string; readonly href?: string | undefined }[];
}) {
  return (
    <>
      {parts.map((part, i) => (
        <span key={part.text}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          {i > 0 && <span className="visually-hidden">, </span>}
          {part.href ? <Link to={part.href}>{part.text}</Link> : part.text}
        </span>
      ))}
    </>
  );
}

/** Where the figures will be while what they count loads, as tall as they will be. */
export function HeadlineLoading({ children }: { children: string }) {
  return (
    <div className="headline headline--loading" aria-busy="true">
      <span className="visually-hidden">{children}</span>
    </div>
  );
}
