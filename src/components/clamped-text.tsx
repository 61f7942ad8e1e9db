/**
 * Long text from the catalogue, shown in part until the reader asks for the rest: a 100 KB
 * description must not push everything else a metre down the page, nor stretch a row of cards. A
 * text longer than a step (a value of a mebibyte) opens a step at a time, so no click lays out
 * more than a page can in a moment.
 */
import { useId, useState } from 'react';
import { clipText, formatCount, shortText } from '../lib/format';

/** The most characters one "Show more" adds. */
const STEP = 100_000;

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
  /** How many characters are open: 0 for the beginning only. */
  const [upTo, setUpTo] = useState(0);
  const id = useId();
  const clip = clipText(text, maxChars, maxLines);
  if (!clip.clipped) return <>{text}</>;
  const open = upTo > 0;
  const whole = upTo >= text.length;
  const of = label && (
    <>
      {' '}
      <span className="visually-hidden">of {label}</span>
    </>
  );
  return (
    <>
      <bdi id={id} className="clamped-text">
        {open ? shortText(text, upTo) : `${clip.text}…`}
      </bdi>{' '}
      {open && !whole && (
        <>
          <span className="muted">
            ({formatCount(upTo)} of {formatCount(text.length)} characters)
          </span>{' '}
        </>
      )}
      <button
        type="button"
        className="link-button clamp-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setUpTo(whole ? 0 : Math.min(text.length, upTo + STEP));
        }}
      >
        {whole ? 'Show less' : 'Show more'}
        {of}
      </button>
      {open && !whole && (
        <>
          {' '}
          <button
            type="button"
            className="link-button clamp-toggle"
            aria-controls={id}
            onClick={() => {
              setUpTo(0);
            }}
          >
            Show less{of}
          </button>
        </>
      )}
    </>
  );
}
