import { GoogleSignInFailure } from './google-sign-in-errors';

/**
 * The part of Google Identity Services (https://developers.google.com/identity/gsi/web) this app
 * uses: initialize with our client id and a callback, and render Google's button. The script is
 * injected at run time, only by the sign-in page and only when the server has a client id; the
 * CSP allows it then and only then.
 */
export interface CredentialResponse {
  /** The ID token (a JWT) the server verifies. */
  credential?: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback(response: CredentialResponse): void;
  ux_mode?: 'popup' | 'redirect';
  auto_select?: boolean;
  context?: 'signin' | 'signup' | 'use';
  itp_support?: boolean;
}

export interface GoogleButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  /** Pixels, at most 400. */
  width?: number;
  locale?: string;
}

export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
  cancel?(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<GoogleAccountsId> | null = null;

/** Loads Google's script once; a failed load can be retried by calling again. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const present = window.google?.accounts?.id;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new GoogleSignInFailure('failed', 'Google Identity Services did not load'));
    };
    const timer = window.setTimeout(fail, LOAD_TIMEOUT_MS);
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onerror = fail;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (!id) return fail();
      window.clearTimeout(timer);
      resolve(id);
    };
    document.head.appendChild(script);
  });
  return loading;
}
