import { ActionIcon, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useIsPhone } from '../../components/use-is-phone';
import { SETTINGS_ICON as SettingsIcon } from '../navigation';
import { ProductMark } from './product-mark';
import { SidebarNav } from './sidebar-nav';
import { SkipLink } from './skip-link';
import { useAfterPaint } from './use-after-paint';
import { UserMenu } from './user-menu';

const MAIN_ID = 'main-content';

// Loaded when first needed, not with every signed-in page: the modal (and its form, focus trap
// and scroll lock) when someone opens it, the toasts just after the frame is on screen.
const ChangePasswordModal = lazy(async () => ({
  default: (await import('../../features/auth/components/change-password-modal'))
    .ChangePasswordModal,
}));
const Toasts = lazy(() => import('./toasts'));

/**
 * The signed-in frame of SPEC.md section 2: sidebar with navigation and the user menu, a header
 * with the theme switch and the Change Password button, and on phones a menu toggle with an
 * overlay sidebar that closes on navigation.
 */
export default function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [passwordWanted, setPasswordWanted] = useState(false);
  const { pathname } = useLocation();
  // Below Mantine's `sm` breakpoint the sidebar slides off screen when closed; it must then be
  // out of the keyboard's reach too. Both media queries are read while rendering, not in an
  // effect: that would draw the whole frame, with the page in it, a second time.
  const isPhone = useIsPhone();
  const navHidden = isPhone && !navOpened;
  // Until a phone first opens it, the browser skips styling and laying out the sidebar's
  // contents (`content-visibility: hidden`), off screen and inert anyway: they are some 130 of
  // the dashboard's 320 elements, and styling and laying out the frame was the largest part of
  // its first paint on a slow phone. Kept rendered once opened, so it never slides out empty.
  const [navEverOpened, setNavEverOpened] = useState(false);
  if (navOpened && !navEverOpened) setNavEverOpened(true);
  const navUnrendered = navHidden && !navEverOpened;
  // The phone sidebar slides in, unless the system asks for less motion.
  const reduceMotion = useReducedMotion(undefined, { getInitialValueInEffect: false });

  // Close the phone sidebar whenever a link takes the person elsewhere.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  // After moving to another screen, focus starts at its content (as a new page's would, at its
  // top), so a screen reader reads the new page and Tab continues from there.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
      transitionDuration={reduceMotion ? 0 : 200}
    >
      <SkipLink targetId={MAIN_ID} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Text fw={700} hiddenFrom="sm">
              SPMS
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            {/* A native title, as the theme switch beside it has: a Tooltip's first render was
                a 10-12 ms task after every signed-in page's first paint. */}
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => {
                setPasswordWanted(true);
                passwordModal.open();
              }}
              title="Change Password"
              aria-label="Change Password"
            >
              <SettingsIcon size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        aria-label="Main navigation"
        inert={navHidden}
        style={navUnrendered ? { contentVisibility: 'hidden' } : undefined}
      >
        <AppShell.Section>
          <ProductMark />
        </AppShell.Section>
        <AppShell.Section grow my="md" style={{ overflowY: 'auto' }}>
          <SidebarNav onNavigate={nav.close} />
        </AppShell.Section>
        <AppShell.Section>
          <UserMenu />
        </AppShell.Section>
      </AppShell.Navbar>

      {navOpened && (
        <div
          aria-hidden
          onClick={nav.close}
          style={{ position: 'fixed', inset: 0, zIndex: 99, background: 'rgba(0,0,0,0.4)' }}
        />
      )}

      {/* Focused by the skip link and after navigation; not a stop for Tab. */}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>

      <Suspense fallback={null}>
        {passwordWanted && (
          <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
        )}
        <ToastsAfterPaint />
      </Suspense>
    </AppShell>
  );
}

/**
 * What the frame can do without on its first paint comes just after it: the toasts and the user
 * menu (their code, @mantine/notifications, Menu and floating-ui, would otherwise download and
 * parse before that paint). Each waits in a small component of its own, so that its arrival
 * draws only itself, not the frame and the page inside it.
 */
function ToastsAfterPaint() {
  // Toasts belong to signed-in screens only; loading them here keeps sign-in light.
  return useAfterPaint() ? <Toasts /> : null;
}
