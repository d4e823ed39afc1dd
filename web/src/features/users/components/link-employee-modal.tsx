import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { Employee } from '#contract/employees';
import { ErrorBanner } from '../../../components/error-banner';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { LoadingState } from '../../../components/loading-state';
import { SearchInput } from '../../../components/search-input';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { useLinkEmployee, type LinkResult } from '../api/link-employee';
import { useStaffForLinking } from '../api/list-staff-for-linking';

const CARDS_PER_PAGE = 12;

export interface LinkEmployeeModalProps {
  opened: boolean;
  onClose: () => void;
  onLinked: (employee: Employee, result: LinkResult) => void;
}

/**
 * SPEC.md's Link Employee modal: staff as cards (name, email, position), each with a Link
 * button that gives the employee an account with their email (PRODUCT.md section 2).
 */
export function LinkEmployeeModal({ opened, onClose, onLinked }: LinkEmployeeModalProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const staff = useStaffForLinking(
    { search: debounced || undefined, page, limit: CARDS_PER_PAGE },
    opened,
  );
  const link = useLinkEmployee();

  async function linkOne(employee: Employee) {
    try {
      const result = await link.mutateAsync(employee.id);
      onLinked(employee, result);
    } catch {
      // Shown in the banner below; the list stays as it was.
    }
  }

  const employees = staff.isError ? [] : (staff.data?.employees ?? []);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Link Employee"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Linking gives a staff member an account with their email: an existing employee account of
          that email is linked, otherwise an employee account is created with a temporary password.
          An admin or manager account is linked on purpose: edit it and choose its staff record.
        </Text>
        <ErrorBanner message={link.isError ? errorMessage(link.error) : null} />
        <ErrorBanner
          message={staff.isError ? 'Failed to load required data' : null}
          detail={staff.isError ? errorMessage(staff.error) : null}
        />
        <SearchInput
          aria-label="Search staff to link"
          placeholder="Search by name, email or position"
          value={search}
          onChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
          data-autofocus
        />
        {staff.isPending ? (
          <LoadingState text="Loading employees..." py="lg" />
        ) : employees.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg">
            No employees found
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {employees.map((employee) => {
              const name = fullName(employee.first_name, employee.last_name);
              const linked = employee.user_id !== null;
              return (
                <Card key={employee.id} withBorder padding="md" aria-label={name} role="group">
                  <Group gap="sm" wrap="nowrap" mb="sm">
                    <InitialsAvatar firstName={employee.first_name} lastName={employee.last_name} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {employee.email}
                      </Text>
                      <Text size="xs" truncate>
                        {employee.position}
                      </Text>
                    </div>
                  </Group>
                  {linked ? (
                    <Badge color="teal.9" variant="filled">
                      Linked
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconLink size={14} aria-hidden />}
                      onClick={() => void linkOne(employee)}
                      loading={link.isPending && link.variables === employee.id}
                      disabled={link.isPending}
                      aria-label={`Link ${name}`}
                    >
                      Link
                    </Button>
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        )}
        <TablePager
          page={page}
          limit={CARDS_PER_PAGE}
          total={staff.data?.pagination.total ?? 0}
          onPageChange={setPage}
          noun="employees"
        />
      </Stack>
    </Modal>
  );
}
