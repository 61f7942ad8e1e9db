/**
 * Long text from the catalogue, shown in part until the reader asks for the rest: a 100 KB
 * description must not push everything else a metre down the page, nor stretch a row of cards.
 */
import { useId, useState } from 'react';
import { clipText } from '../lib/format';

export function ClampedText({
  text,
  maxChars = 600,
  maxLines = 8,
  label,
}: {
  text: string;
  maxChars?: number;
  maxLines?: number;
  /** What the text is, for the button's accessible name ("Show more of the description"). */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const clip = clipText(text, maxChars, maxLines);
  if (!clip.clipped) return <>{text}</>;
  return (
    <>
      <bdi id={id} className="clamped-text">
        {open ? text : `${clip.text}…`}
      </bdi>{' '}
      <button
        type="button"
        className="link-button clamp-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        {open ? 'Show less' : 'Show more'}
        {label && (
          <>
            {' '}
            <span className="visually-hidden">of {label}</span>
          </>
        )}
      </button>
    </>
  );
}
