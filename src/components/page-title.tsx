/** The document title for a page; React places it in the head. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} – Catalogue explorer`}</title>;
}
