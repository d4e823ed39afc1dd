import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { QUESTION_MESSAGES } from '#contract/questions';
import { errorMessage } from '../../../lib/api-client';
import { useOwnResponses } from '../api/list-own-responses';
import { QuestionCard } from './question-card';

/** The questions put to the signed-in person, newest first, each answerable once. */
export function OwnQuestions() {
  const list = useOwnResponses();
  const items = list.data?.responses ?? [];
  const pending = items.filter((item) => !item.is_responded).length;

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading questions" />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" role="alert">
        {QUESTION_MESSAGES.loadFailedPrefix}
        {errorMessage(list.error)}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text c="dimmed">{QUESTION_MESSAGES.employeeEmpty}</Text>
      </Paper>
    );
  }
  return (
    <Stack>
      <Text size="sm" c="dimmed" aria-live="polite">
        {pending === 0
          ? 'You have answered every question.'
          : `${pending} question${pending === 1 ? '' : 's'} waiting for your response.`}
      </Text>
      {items.map((item) => (
        <QuestionCard key={item.id} view="own" item={item} />
      ))}
    </Stack>
  );
}
