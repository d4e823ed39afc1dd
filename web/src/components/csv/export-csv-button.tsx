import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { isAllowed, type Access } from '#contract/access';
import { errorMessage } from '../../lib/api-client';
import { apiDownload, saveFile } from '../../lib/api-transfer';
import { useSession } from '../../lib/session';

/** A list's filters, search and sort, as the screen builds them for its list call. */
export type ExportQuery = Record<string, string | number | boolean | null | undefined>;

export function exportSearchParams(query: ExportQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export interface ExportCsvButtonProps {
  /** The export route below /api, e.g. `/employees/export.csv`. */
  path: string;
  /** The screen's current filters, search and sort (paging means nothing to an export). */
  query?: ExportQuery;
  /** Who the route lets in: the button is not shown to anyone else. */
  access: Exclude<Access, 'public'>;
  /** The name to save under if the server sends none, e.g. `staff.csv`. */
  fallbackName: string;
}

/**
 * "Export CSV" on every table screen (issue 8): downloads what the screen shows, every page of
 * it, with the caller's token. The file comes as a blob and is saved under the server's name.
 */
export function ExportCsvButton({ path, query = {}, access, fallbackName }: ExportCsvButtonProps) {
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  if (!isAllowed(access, user?.user_type ?? null)) return null;

  async function download() {
    setBusy(true);
    try {
      const search = exportSearchParams(query);
      saveFile(await apiDownload(`${path}${search ? `?${search}` : ''}`, fallbackName));
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: `Error: ${errorMessage(error)}`,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="default"
      leftSection={<IconFileExport size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      Export CSV
    </Button>
  );
}
