/**
 * The footer's word on the saved catalogue: that loaded lists are kept in this browser, or (once)
 * that this browser keeps nothing and why; a quiet note when a saved list could not be shown; and,
 * whatever happened, the control that empties it.
 */
import { useState, useSyncExternalStore } from 'react';
import { clearSavedLists } from '../api/saved-lists';
import { onSavingState, savedListNote, savingState } from '../api/saved-store';

export function SavedData() {
  const state = useSyncExternalStore(onSavingState, savingState);
  const note = useSyncExternalStore(onSavingState, savedListNote);
  const [cleared, setCleared] = useState<'no' | 'clearing' | 'yes' | 'failed'>('no');
  if (state.kind === 'off') return null;
  return (
    <p className="saved-data">
      {state.kind === 'unavailable' ? (
        <span role="status">
          Lists are not kept for faster reloads: {state.reason}. Everything else works as usual.
        </span>
      ) : (
        'Loaded lists are kept in this browser for a day, so a reload shows them at once.'
      )}{' '}
      {note && <span className="saved-data-note">{note} </span>}
      <button
        type="button"
        className="link-button"
        disabled={cleared === 'clearing'}
        onClick={() => {
          setCleared('clearing');
          void clearSavedLists().then((empty) => {
            setCleared(empty ? 'yes' : 'failed');
          });
        }}
      >
        Clear saved data
      </button>
      <span role="status">
        {cleared === 'yes' && ' Saved data cleared.'}
        {cleared === 'failed' && ' The browser would not clear the saved data.'}
      </span>
    </p>
  );
}
