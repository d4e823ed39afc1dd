import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useId } from 'react';
import type { HrResponse, OwnResponse } from '#contract/questions';
import { formatDateTime } from '../../../lib/format';
import { AnswerForm } from './answer-form';

export type QuestionCardProps =
  /** The person asked: they answer a pending question here. */
  | { view: 'own'; item: OwnResponse }
  /** HR: reads who was asked and what they answered. */
  | { view: 'hr'; item: HrResponse };

/**
 * One question card of /responses (SPEC.md section 2): the question, a Pending or Responded badge,
 * created and updated times, the respondent for HR, and the answer box or the answer.
 */
export function QuestionCard(props: QuestionCardProps) {
  const { item } = props;
  const titleId = useId();
  const answered = item.is_responded;

  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text id={titleId} fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.question}
          </Text>
          {/* Dark teal under white text, light yellow under dark text: both above WCAG AA. */}
          <Badge
            color={answered ? 'teal.9' : 'yellow.4'}
            autoContrast
            variant="filled"
            style={{ flexShrink: 0 }}
          >
            {answered ? 'Responded' : 'Pending'}
          </Badge>
        </Group>

        {props.view === 'hr' && (
          <Text size="sm">
            <Text span fw={500}>
              {props.item.user_name}
            </Text>{' '}
            <Text span c="dimmed">
              ({props.item.user_email})
            </Text>
          </Text>
        )}

        <Group gap="lg" wrap="wrap">
          <Text size="xs" c="dimmed">
            Created: {formatDateTime(item.created_at)}
          </Text>
          <Text size="xs" c="dimmed">
            Updated: {formatDateTime(item.updated_at)}
          </Text>
        </Group>

        {answered ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {props.view === 'own' ? 'Your Response:' : 'Response:'}
            </Text>
            <Text
              size="sm"
              p="sm"
              bg="var(--mantine-color-default-hover)"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 8 }}
            >
              {item.response}
            </Text>
            <Group gap={6}>
              <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text size="sm">Already responded</Text>
            </Group>
          </Stack>
        ) : props.view === 'own' ? (
          <AnswerForm questionId={item.id} question={item.question} />
        ) : (
          <Text size="sm" c="dimmed">
            Waiting for a response.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
