/**
 * The footer's word on the saved catalogue: that loaded lists are kept in this browser, and the
 * control that empties it; or, once, that this browser keeps nothing and why.
 */
import { useState, useSyncExternalStore } from 'react';
import { clearSavedLists, onSavingState, savingState } from '../api/saved-lists';

export function SavedData() {
  const state = useSyncExternalStore(onSavingState, savingState);
  const [cleared, setCleared] = useState<'no' | 'clearing' | 'yes'>('no');
  if (state.kind === 'off') return null;
  if (state.kind === 'unavailable') {
    return (
      <p className="saved-data" role="status">
        Lists are not kept for faster reloads: {state.reason}. Everything else works as usual.
      </p>
    );
  }
  return (
    <p className="saved-data">
      Loaded lists are kept in this browser for a day, so a reload shows them at once.{' '}
      <button
        type="button"
        className="link-button"
        disabled={cleared === 'clearing'}
        onClick={() => {
          setCleared('clearing');
          void clearSavedLists().then(() => {
            setCleared('yes');
          });
        }}
      >
        Clear saved data
      </button>
      <span role="status">{cleared === 'yes' ? ' Saved data cleared.' : ''}</span>
    </p>
  );
}
