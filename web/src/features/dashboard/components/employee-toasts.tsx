import { Anchor, Notification, Text, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Medal, isMedalRank } from '../../../components/medal';
import { useBonusStatus } from '../api/get-bonus-status';
import { useTop10Status } from '../api/get-top10-status';
import { useToastDismissals } from '../toast-dismissals';

/** SPEC.md section 2, "Toasts (employees only)": the exact texts. */
export const RANK_TOASTS: Record<1 | 2 | 3, { title: string; message: string }> = {
  1: {
    title: '1st Place Achievement!',
    message: "Congratulations! You're the #1 performer!",
  },
  2: {
    title: '2nd Place Achievement!',
    message: "Amazing! You're in 2nd place!",
  },
  3: {
    title: '3rd Place Achievement!',
    message: "Excellent! You're in 3rd place!",
  },
};

export const BONUS_TOAST_TITLE = 'You have bonuses!';
/** "You have N bonus(es) waiting for you.", with the plural SPEC.md's "(es)" stands for. */
export function bonusToastMessage(count: number): string {
  return `You have ${count} ${count === 1 ? 'bonus' : 'bonuses'} waiting for you.`;
}

interface ToastProps {
  id: string;
  title: string;
  icon: ReactNode;
  color: string;
  closeLabel: string;
  onClose: (id: string, element: HTMLElement | null) => void;
  children: ReactNode;
}

function Toast({ id, title, icon, color, closeLabel, onClose, children }: ToastProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  return (
    <Notification
      ref={ref}
      // The stack around the toasts is the live region; each toast is a labelled group in it.
      role="group"
      aria-labelledby={titleId}
      title={<span id={titleId}>{title}</span>}
      icon={icon}
      color={color}
      withBorder
      onClose={() => onClose(id, ref.current)}
      closeButtonProps={{ 'aria-label': closeLabel, title: closeLabel }}
      styles={{
        // The medal and gift bring their own look; the message keeps full text contrast.
        icon: { backgroundColor: 'transparent', color: 'inherit' },
        description: { color: 'var(--mantine-color-text)' },
      }}
    >
      {children}
    </Notification>
  );
}

export interface EmployeeToastsProps {
  /** Where focus goes when the last toast closes by keyboard (the page heading). */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/**
 * The employee dashboard's toasts: bonuses waiting, and a medal for ranks 1 to 3. The stack is a
 * polite live region present from the start, so toasts that arrive with the data are announced;
 * each has a labelled close button, and closing sticks for this sign-in (useToastDismissals).
 * Only rendered for employees (the caller decides), so HR never asks for either status.
 *
 * They sit in the page, under its heading, side by side on a wide screen and stacked on a phone:
 * they stay until closed, and a box floating over the page hid the cards (desktop) or the
 * semester figures (phone) for as long as it was open, at every scroll position. In the page
 * they cover nothing and are read first, where the news belongs; closing one lets the page close
 * up. Both statuses are asked for as the route is entered (prefetch-dashboard.ts), with the
 * page's code, so they are usually known by its first paint.
 */
export function EmployeeToasts({ fallbackFocus }: EmployeeToastsProps) {
  const bonuses = useBonusStatus();
  const rank = useTop10Status();
  const { isDismissed, dismiss } = useToastDismissals();
  const stackRef = useRef<HTMLDivElement>(null);

  const bonusCount = bonuses.data?.has_bonuses ? bonuses.data.bonus_count : 0;
  const bonusId = `bonus:${bonusCount}`;
  const showBonus = bonusCount > 0 && !isDismissed(bonusId);

  const currentRank = rank.data?.current_rank ?? null;
  const medalRank = isMedalRank(currentRank) ? currentRank : null;
  const rankId = `rank:${medalRank}`;
  const showRank = medalRank !== null && !isDismissed(rankId);

  function close(id: string, toast: HTMLElement | null) {
    const hadFocus = Boolean(toast?.contains(document.activeElement));
    dismiss(id);
    if (!hadFocus) return;
    // Keep keyboard users in place: the next toast's close button, else the page heading.
    const next = [...(stackRef.current?.querySelectorAll('button') ?? [])].find(
      (button) => !toast?.contains(button),
    );
    (next ?? fallbackFocus.current)?.focus();
  }

  return (
    <div
      ref={stackRef}
      role="status"
      aria-label="Notifications"
      style={{
        display: 'grid',
        // Two side by side when there is room for both (about 600 px), else one above the other.
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
        gap: 'var(--mantine-spacing-sm)',
        // Nothing to say takes no room.
        marginTop: showRank || showBonus ? 'var(--mantine-spacing-md)' : 0,
      }}
    >
      {showRank && (
        <Toast
          id={rankId}
          title={RANK_TOASTS[medalRank].title}
          color="yellow.6"
          icon={<Medal rank={medalRank} size={32} />}
          closeLabel="Close ranking notification"
          onClose={close}
        >
          <Text size="sm">{RANK_TOASTS[medalRank].message}</Text>
        </Toast>
      )}
      {showBonus && (
        <Toast
          id={bonusId}
          title={BONUS_TOAST_TITLE}
          color="grape.9"
          icon={
            <ThemeIcon color="grape.9" radius="xl" size={32} aria-hidden>
              <IconGift size={18} />
            </ThemeIcon>
          }
          closeLabel="Close bonus notification"
          onClose={close}
        >
          <Text size="sm">{bonusToastMessage(bonusCount)}</Text>
          <Anchor
            component={Link}
            to="/my-bonuses"
            size="sm"
            fw={600}
            onClick={() => dismiss(bonusId)}
          >
            View Bonuses
          </Anchor>
        </Toast>
      )}
    </div>
  );
}
