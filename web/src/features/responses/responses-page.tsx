import { Button, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useListUrlState } from '../../components/use-list-url-state';
import { useSession } from '../../lib/session';
import { HR_RESPONSES_PARAMS, HrResponses } from './components/hr-responses';
import { OwnQuestions } from './components/own-questions';

// Only HR asks: employees never download the modal and its staff picker.
const AskQuestionModal = lazy(async () => ({
  default: (await import('./components/ask-question-modal')).AskQuestionModal,
}));

/**
 * /responses, "Actions" (SPEC.md section 2, PRODUCT.md section 2). Employees answer the
 * questions put to them; HR reads the answers, sees what is pending and asks new questions. HR
 * staff who also have a staff record answer their own questions under a second tab.
 */
export default function ResponsesPage() {
  const { user } = useSession();
  const isEmployee = user?.user_type === 'employee';
  const { values, set } = useListUrlState(HR_RESPONSES_PARAMS);
  const [tab, setTab] = useState<string | null>('staff');
  // Each opening of the modal gets a fresh form (a new key); 0 means closed.
  const [asking, setAsking] = useState(0);

  if (isEmployee) {
    return (
      <Stack>
        <PageHeader title="Actions" description="Questions from HR waiting for your response." />
        <OwnQuestions />
      </Stack>
    );
  }

  const staffResponses = (
    <HrResponses status={values.status} onStatusChange={(status) => set({ status })} />
  );
  return (
    <Stack>
      <PageHeader
        title="Actions"
        description="Ask staff a question and read their responses."
        actions={
          <Button
            leftSection={<IconMessagePlus size={18} aria-hidden />}
            onClick={() => setAsking((n) => n + 1)}
          >
            Ask a question
          </Button>
        }
      />

      {user?.employee_id ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="staff">Staff responses</Tabs.Tab>
            <Tabs.Tab value="mine">Your questions</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="staff" pt="md">
            {staffResponses}
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="md">
            <OwnQuestions />
          </Tabs.Panel>
        </Tabs>
      ) : (
        staffResponses
      )}

      {asking > 0 && (
        <Suspense fallback={null}>
          <AskQuestionModal
            key={asking}
            opened
            onClose={() => setAsking(0)}
            onAsked={(result) => {
              notifications.show({
                color: 'green',
                message: `Question asked of ${result.asked} employee${result.asked === 1 ? '' : 's'}`,
              });
              // The new questions are pending: show them.
              set({ status: 'pending' });
              setTab('staff');
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
