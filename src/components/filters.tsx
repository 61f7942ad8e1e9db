/** Form controls for list filters; each is labelled and keeps the URL as its source of truth. */
import { useId, type ReactNode } from 'react';
import {
  useDebouncedInput,
  useQuickFilterBox,
  type QuickFilterBoxLink,
} from '../lib/use-debounced';

export function FilterBar({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div role="search" className="filter-bar" aria-label={label}>
      {children}
    </div>
  );
}

interface TextBoxProps {
  label: string;
  placeholder?: string;
  /** Id of a datalist of suggestions. */
  list?: string;
  hint?: string;
}

/** A text box written to the URL after the user pauses typing. */
export function SearchInput({
  value,
  onCommit,
  ...box
}: TextBoxProps & { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useDebouncedInput(value, onCommit);
  return (
    <TextBox
      {...box}
      value={text}
      onChange={setText}
      onEnter={() => {
        onCommit(text);
      }}
    />
  );
}

/**
 * A list's quick filter: the box holds its own text, so a key re-renders the box alone, and tells
 * the page (`useQuickFilter`) what it holds.
 */
export function QuickFilterBox({ link, ...box }: TextBoxProps & { link: QuickFilterBoxLink }) {
  const { text, type, commitNow } = useQuickFilterBox(link);
  return <TextBox {...box} value={text} onChange={type} onEnter={commitNow} />;
}

/** A labelled search box whose text the caller holds. */
export function TextBox({
  label,
  value,
  onChange,
  onEnter,
  placeholder,
  list,
  hint,
}: TextBoxProps & {
  value: string;
  onChange: (value: string) => void;
  /** Enter applies at once instead of waiting for the pause. */
  onEnter: () => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        list={list}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter();
        }}
      />
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export function SelectInput<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value as V);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Messages about URL parameters that could not be read. */
export function UrlProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="notice notice-warning" role="status">
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </div>
  );
}
