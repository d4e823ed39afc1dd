import { Button, FileInput, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  IMPORT_BODY_LIMIT_BYTES,
  type CsvImportInput,
  type ImportMode,
  type ImportReport,
} from '#contract/csv-import';
import { errorMessage } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-transfer';
import { ErrorBanner } from '../error-banner';
import { ImportReportView } from './import-report';

export const IMPORT_TEXTS = {
  check: 'Check file',
  import: 'Import',
  sending: 'Sending file…',
  checking: 'Checking rows…',
  importing: 'Importing…',
  noFile: 'Choose a CSV file first',
  tooLarge: `The file is too large: an import takes at most ${IMPORT_BODY_LIMIT_BYTES / 1024 / 1024} MB. Split it into several files`,
  modes: {
    all_or_nothing: {
      label: 'All or nothing',
      description: 'Store every row, or none at all when any row is refused.',
    },
    valid_rows_only: {
      label: 'Valid rows only',
      description: 'Store the rows that pass and list the others.',
    },
  },
} as const;

export interface ImportOutcome {
  report: ImportReport;
  message: string;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; percent: number }
  | { kind: 'working'; dryRun: boolean };

export interface CsvImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** e.g. "Import Staff". */
  title: string;
  /** The import route below /api, e.g. `/employees/import`. */
  path: string;
  /** What the file must hold: its columns and formats. */
  columns: ReactNode;
  /** Called after an import that stored rows, to reload the lists. */
  onImported: (outcome: ImportOutcome) => void;
}

/**
 * Import of a CSV file (issue 8): choose a file and a mode, check it (a dry run) to see the
 * report, then import. The file and the mode stay chosen after every report, so a person can fix
 * the file or change the mode and try again. The progress bar follows the upload's bytes, then
 * runs striped while the server checks or stores the rows.
 */
export function CsvImportModal({
  opened,
  onClose,
  title,
  path,
  columns,
  onImported,
}: CsvImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all_or_nothing');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';

  async function run(dryRun: boolean) {
    setError(null);
    if (!file) {
      setError(IMPORT_TEXTS.noFile);
      return;
    }
    if (file.size > IMPORT_BODY_LIMIT_BYTES) {
      setError(IMPORT_TEXTS.tooLarge);
      return;
    }
    setOutcome(null);
    setPhase({ kind: 'sending', dryRun, percent: 0 });
    try {
      const body: CsvImportInput = { csv: await file.text(), mode, dry_run: dryRun };
      const answer = await apiUpload<{ message: string; data: { report: ImportReport } }>(
        path,
        body,
        {
          onProgress: ({ loaded, total }) =>
            setPhase({
              kind: 'sending',
              dryRun,
              percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0,
            }),
          onUploaded: () => setPhase({ kind: 'working', dryRun }),
        },
      );
      const result = { report: answer.data.report, message: answer.message };
      setOutcome(result);
      if (!result.report.dry_run && result.report.imported > 0) onImported(result);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  // An import the server has started cannot be called back, so the modal stays open meanwhile.
  const close = busy ? () => undefined : onClose;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">{columns}</Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setOutcome(null);
            setError(null);
          }}
          disabled={busy}
        />
        <Radio.Group label="Mode" value={mode} onChange={(value) => setMode(value as ImportMode)}>
          <Stack gap="xs" mt="xs">
            {(['all_or_nothing', 'valid_rows_only'] as const).map((value) => (
              <Radio
                key={value}
                value={value}
                label={IMPORT_TEXTS.modes[value].label}
                description={IMPORT_TEXTS.modes[value].description}
                disabled={busy}
              />
            ))}
          </Stack>
        </Radio.Group>

        <ErrorBanner message={error} />
        <ImportProgress phase={phase} />
        {outcome && <ImportReportView report={outcome.report} message={outcome.message} />}

        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Close
          </Button>
          <Button
            variant="light"
            onClick={() => void run(true)}
            loading={busy && phase.dryRun}
            disabled={busy && !phase.dryRun}
          >
            {IMPORT_TEXTS.check}
          </Button>
          <Button
            onClick={() => void run(false)}
            loading={busy && !phase.dryRun}
            disabled={busy && phase.dryRun}
          >
            {IMPORT_TEXTS.import}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Upload bytes as a measured bar, then a striped bar while the server works. */
function ImportProgress({ phase }: { phase: Phase }) {
  if (phase.kind === 'idle') return null;
  if (phase.kind === 'sending') {
    return (
      <Stack gap={4}>
        <Text size="sm">
          {IMPORT_TEXTS.sending} {phase.percent}%
        </Text>
        <Progress value={phase.percent} aria-label={IMPORT_TEXTS.sending} size="lg" />
      </Stack>
    );
  }
  const label = phase.dryRun ? IMPORT_TEXTS.checking : IMPORT_TEXTS.importing;
  return (
    <Stack gap={4}>
      <Text size="sm">{label}</Text>
      {/* No aria-valuenow: the server's share of the work is not measured (indeterminate). */}
      <Progress.Root size="lg" role="progressbar" aria-label={label} aria-busy>
        <Progress.Section value={100} striped animated withAria={false} />
      </Progress.Root>
    </Stack>
  );
}
