import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation } from 'react-router';
import {
  EMPTY_DRAFT,
  carriedDraftOf,
  clearDraft,
  loadDraft,
  saveDraft,
  type StaffDraft,
} from './staff-draft';

/**
 * The /create page's draft: what the form holds, where it came from (the Add New Staff modal's
 * "More details", a draft saved earlier, or nothing) and whether a draft is saved, so Cancel
 * can ask before throwing it away.
 */
export function useStaffDraft() {
  const { state } = useLocation();
  const [carried] = useState(() => carriedDraftOf(state));
  const [restored] = useState(() => loadDraft());
  const [draft, setDraft] = useState<StaffDraft>(() => carried ?? restored ?? EMPTY_DRAFT);
  const [hasSavedDraft, setHasSavedDraft] = useState(restored !== null);
  const [notice, setNotice] = useState<string | null>(
    carried
      ? 'What you typed in Add New Staff was carried over.'
      : restored
        ? 'Your saved draft was restored.'
        : null,
  );

  return {
    draft,
    setDraft,
    hasSavedDraft,
    notice,
    dismissNotice: () => setNotice(null),
    save() {
      saveDraft(draft);
      setHasSavedDraft(true);
      setNotice('Draft saved. It will be here when you come back.');
      notifications.show({ color: 'blue', message: 'Draft saved' });
    },
    /** Forgets the saved draft and empties the form. */
    discard() {
      clearDraft();
      setHasSavedDraft(false);
      setDraft(EMPTY_DRAFT);
      setNotice(null);
    },
  };
}
