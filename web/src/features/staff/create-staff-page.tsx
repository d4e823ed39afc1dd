import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  DEPARTMENTS,
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  LOCATIONS,
  LOCATION_LABELS,
} from '#contract/employee-options';
import { TEXT_LIMITS } from '#contract/text-limits';
import { ErrorBanner } from '../../components/error-banner';
import { lengthHint } from '../../components/length-hint';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useCreateEmployee } from './api/create-employee';
import { useEmployeeStats } from './api/get-employee-stats';
import { DiscardDraftModal } from './components/discard-draft-modal';
import { ManagerSelect } from './components/manager-select';
import { SkillsInput } from './components/skills-input';
import {
  DRAFT_FIELD_FOR_API,
  clearDraft,
  draftToCreateBody,
  validateDraft,
  type DraftErrors,
  type DraftField,
} from './staff-draft';
import { useStaffDraft } from './use-staff-draft';

/** The typed fields' longest texts (the page's others are chosen, dates or numbers). */
const TYPED_LIMITS: Partial<Record<DraftField, number>> = {
  firstName: TEXT_LIMITS.staff.first_name,
  lastName: TEXT_LIMITS.staff.last_name,
  email: TEXT_LIMITS.email,
  phone: TEXT_LIMITS.staff.phone,
  employeeId: TEXT_LIMITS.staff.employee_code,
  notes: TEXT_LIMITS.staff.notes,
};

/**
 * /create, the Add New Staff Member page (PRODUCT.md section 5): every field, skills, a manager
 * chosen from real staff, a draft kept across reloads, and a real save that goes to /staff.
 * Reached from the Add New Staff modal's "More details", it starts from what was typed there.
 * Cancel asks before it throws a saved draft away.
 */
export default function CreateStaffPage() {
  const navigate = useNavigate();
  const { draft, setDraft, hasSavedDraft, notice, dismissNotice, ...drafts } = useStaffDraft();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateEmployee();
  const stats = useEmployeeStats();
  const busy = create.isPending;

  const set = (field: DraftField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: DraftField) => {
    const limit = TYPED_LIMITS[field];
    return {
      value: draft[field],
      onChange: (event: { currentTarget: { value: string } }) =>
        set(field)(event.currentTarget.value),
      error: errors[field],
      disabled: busy,
      ...(limit ? lengthHint(draft[field], limit) : {}),
    };
  };

  function cancel() {
    if (hasSavedDraft) setConfirmingCancel(true);
    else void navigate('/staff');
  }

  function discardDraft() {
    drafts.discard();
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const employee = await create.mutateAsync(draftToCreateBody(draft));
      clearDraft();
      notifications.show({
        color: 'green',
        message: `${employee.first_name} ${employee.last_name} was added`,
      });
      void navigate('/staff');
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: DraftErrors = {};
        for (const { field, message } of error.fieldErrors) {
          const draftField = DRAFT_FIELD_FOR_API[field];
          if (draftField) fromServer[draftField] = message;
        }
        setErrors(fromServer);
      }
    }
  }

  return (
    <Stack maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Add New Staff Member</Title>
          <Text c="dimmed">Enter the new staff member&apos;s details.</Text>
        </div>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => void navigate('/dashboard')}
        >
          Back to Dashboard
        </Button>
      </Group>

      {notice && (
        <Alert
          color="blue"
          role="status"
          withCloseButton
          onClose={dismissNotice}
          closeButtonLabel="Dismiss"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{notice}</Text>
            {hasSavedDraft && (
              <Button size="xs" variant="subtle" onClick={discardDraft}>
                Discard draft
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <ErrorBanner message={failure} />

      <form onSubmit={submit} noValidate>
        <Stack>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              Personal Information
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First Name" required autoComplete="off" {...text('firstName')} />
              <TextInput label="Last Name" required autoComplete="off" {...text('lastName')} />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="off"
                {...text('email')}
              />
              <TextInput label="Phone" type="tel" autoComplete="off" {...text('phone')} />
            </SimpleGrid>
          </Paper>

          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              Employment Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Department"
                required
                data={[...DEPARTMENTS]}
                value={draft.department || null}
                onChange={(value) => set('department')(value ?? '')}
                error={errors.department}
                disabled={busy}
              />
              <Autocomplete
                label="Position"
                required
                data={stats.data?.positions ?? []}
                value={draft.position}
                {...lengthHint(draft.position, TEXT_LIMITS.staff.position)}
                onChange={set('position')}
                error={errors.position}
                disabled={busy}
              />
              <TextInput label="Employee ID" required autoComplete="off" {...text('employeeId')} />
              <TextInput label="Start Date" type="date" required {...text('startDate')} />
              <ManagerSelect
                value={draft.manager}
                valueLabel={draft.managerName}
                onChange={(id, name) => {
                  setDraft((current) => ({ ...current, manager: id, managerName: name }));
                  setErrors((current) => ({ ...current, manager: undefined }));
                }}
                error={errors.manager}
                disabled={busy}
              />
              <Select
                label="Location"
                clearable
                data={LOCATIONS.map((value) => ({ value, label: LOCATION_LABELS[value] }))}
                value={draft.location || null}
                onChange={(value) => set('location')(value ?? '')}
                error={errors.location}
                disabled={busy}
              />
              <Select
                label="Employment Type"
                required
                data={EMPLOYMENT_TYPES.map((value) => ({
                  value,
                  label: EMPLOYMENT_TYPE_LABELS[value],
                }))}
                value={draft.employmentType || null}
                onChange={(value) => set('employmentType')(value ?? '')}
                error={errors.employmentType}
                disabled={busy}
              />
              <TextInput
                label="Salary"
                inputMode="decimal"
                placeholder="e.g. 52000"
                {...text('salary')}
              />
            </SimpleGrid>
          </Paper>

          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              Additional Information
            </Title>
            <Stack>
              <SkillsInput
                value={draft.skills}
                onChange={(skills) => setDraft((current) => ({ ...current, skills }))}
                disabled={busy}
              />
              <Textarea label="Notes" rows={4} {...text('notes')} />
            </Stack>
          </Paper>

          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="light"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              onClick={drafts.save}
              disabled={busy}
            >
              Save as Draft
            </Button>
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconUserPlus size={18} aria-hidden />}
            >
              Add Staff Member
            </Button>
          </Group>
        </Stack>
      </form>
      <DiscardDraftModal
        opened={confirmingCancel}
        onDiscard={() => {
          clearDraft();
          void navigate('/staff');
        }}
        onKeep={() => void navigate('/staff')}
        onClose={() => setConfirmingCancel(false)}
      />
    </Stack>
  );
}
