/**
 * Long text from the catalogue, shown in part until the reader asks for the rest: a 100 KB
 * description must not push everything else a metre down the page, nor stretch a row of cards.
 * The whole of a very long text (a value can be a mebibyte) is shown in parts the browser lays out
 * only as they scroll into view, so opening it never holds the page up.
 */
import { useId, useMemo, useState } from 'react';
import { clipText } from '../lib/format';

/**
 * Characters in each part of an opened text: a part is laid out in a few milliseconds. With parts of
 * 16,384, opening a mebibyte with no space in it kept input waiting 37–60 ms (189 ms once in CI)
 * on a slow machine, laying out the parts in view; with 4,096, at most 17 ms in two runs.
 */
const PART = 4_096;

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
        {open ? <InParts text={text} /> : `${clip.text}…`}
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

/**
 * A text as parts of about PART characters, each a block of its own: a part ends at a line break
 * (which the block's end then stands for) or after a space near its end where there is one.
 */
function InParts({ text }: { text: string }) {
  const parts = useMemo(() => partsOf(text), [text]);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className="text-part">
          {part}
        </span>
      ))}
    </>
  );
}

function partsOf(text: string): string[] {
  if (text.length <= PART) return [text];
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PART);
    let next = end;
    if (end < text.length) {
      // Looked for in the part's second half only: a search back from its end would otherwise
      // read the whole text before it, for every part, where there is no line break.
      const from = start + PART / 2 + 1;
      const half = text.slice(from, end + 1);
      const lineBreak = from + half.lastIndexOf('\n');
      const space = from + half.lastIndexOf(' ', end - 1 - from);
      if (lineBreak >= from) {
        end = lineBreak;
        next = lineBreak + 1;
      } else if (space >= from) {
        end = space + 1;
        next = end;
      } else {
        const last = text.charCodeAt(end - 1);
        if (last >= 0xd800 && last <= 0xdbff) end--;
        next = end;
      }
    }
    parts.push(text.slice(start, end));
    start = next;
  }
  return parts;
}
